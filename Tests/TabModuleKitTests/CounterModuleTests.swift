import CTabModule
import Testing

/// The Swift example "counter" (Plugins/Counter), loaded from the build directory as the host
/// loads it, proves TabModuleKit's descriptor, thunks, host and view wrappers and state contract.
@Suite(.serialized)
struct CounterModuleTests {
    /// The built example; loading is idempotent (the image is resident).
    let module: BuiltModule

    init() throws {
        module = try BuiltModule.load(product: "TabExampleCounter")
    }

    @Test func descriptorDeclaresTheCounter() throws {
        let d = module.descriptor.pointee
        #expect(d.magic == UInt32(TAB_MODULE_MAGIC))
        #expect(d.struct_size == UInt32(MemoryLayout<tab_module_descriptor>.size))
        #expect(d.abi_major == UInt32(TAB_MODULE_ABI_MAJOR))
        #expect(d.abi_minor == UInt32(TAB_MODULE_ABI_MINOR))
        #expect(d.abi_minor == 3, "a module built with TabModuleKit declares ABI 1.3")
        #expect(d.permissions == nil)
        #expect(d.kind == UInt32(TAB_MODULE_KIND_CONTENT.rawValue))
        #expect(String(cString: try #require(d.name)) == "counter")
        #expect(String(cString: try #require(d.version)) == "1.0")
        #expect(String(cString: try #require(d.title)) == "Counter")
        #expect(String(cString: try #require(d.glyph)) == "⊕")
        #expect(String(cString: try #require(d.image)) == "TabHost_TabExampleCounter.resources/assets/counter.svg")
        #expect(d.create != nil && d.start != nil && d.render != nil && d.event != nil)
        #expect(d.appearance != nil && d.save_state != nil && d.restore_state != nil && d.destroy != nil)
        let reserved = withUnsafeBytes(of: d.reserved) { Array($0) }
        #expect(reserved.allSatisfy { $0 == 0 })
        // Static storage: every call returns the same descriptor.
        #expect(module.entry() == UnsafeRawPointer(module.descriptor))
    }

    @Test func startSetsTitleAndBadgeAndRenderBuildsTheView() throws {
        let counter = try ModuleInstance(module)
        counter.start(nil)
        #expect(counter.host.take() == [#"set_title("Counter")"#, "set_badge(nil)"])
        #expect(
            counter.render() == [
                #"section("Count")"#, #"row("Value", "0", nil)"#, #"row("Step", "1", nil)"#,
                #"section("Actions")"#, #"button("Add 1", "inc")"#, #"button("Subtract 1", "dec")"#,
                #"button("Reset", "reset")"#, #"button("Count every second", "auto")"#, #"section("Step")"#,
                #"text_field("step", "", "A new step, then Enter", 0)"#, #"section("More counters")"#,
                #"row("Push a counter that adds 5", nil, "push")"#,
                #"row("Open a counter that adds 10 in a tab", nil, "tab")"#, "section(nil)",
                #"image("TabHost_TabExampleCounter.resources/assets/counter.svg", "[counter]")"#,
                #"text("The count is kept when this module is hot-reloaded.")"#,
            ])
        #expect(counter.host.take().isEmpty, "render made host calls")
    }

    @Test func actionsAndKeysChangeTheCountBadgeAndView() throws {
        let counter = try ModuleInstance(module)
        counter.start("5")
        #expect(counter.host.take() == [#"set_title("Counter (step 5)")"#, "set_badge(nil)"])
        counter.action("inc")
        counter.action("inc")
        #expect(counter.host.take() == [#"set_badge("5")"#, "invalidate()", #"set_badge("10")"#, "invalidate()"])
        counter.action("dec")
        counter.send(type: TAB_EVENT_KEY, key: UInt32(UnicodeScalar("+").value))
        counter.send(type: TAB_EVENT_KEY, key: UInt32(TAB_KEY_UP.rawValue))  // not handled: no calls
        #expect(counter.host.take() == [#"set_badge("5")"#, "invalidate()", #"set_badge("10")"#, "invalidate()"])
        #expect(counter.render().contains(#"row("Value", "10", nil)"#))
        counter.action("reset")
        #expect(counter.host.take() == [#"log(1, "counter reset from 10")"#, "set_badge(nil)", "invalidate()"])
        counter.action("no-such-action")
        #expect(counter.host.take().isEmpty)
    }

    @Test func aStepTypedIntoTheFieldIsSetOnEnterOrRefusedWithAnErrorLine() throws {
        let counter = try ModuleInstance(module)
        counter.send(TAB_EVENT_TEXT, "step", value: "1", focus: "step")
        counter.send(TAB_EVENT_TEXT, "step", value: "12", focus: "step")
        #expect(counter.host.take().isEmpty, "typing needs no new frame: the field shows it")
        #expect(counter.render().contains(#"text_field("step", "12", "A new step, then Enter", 0)"#))
        counter.send(TAB_EVENT_SUBMIT, "step", value: "12", focus: "step")
        #expect(counter.host.take() == [#"set_title("Counter (step 12)")"#, "set_badge(nil)", "invalidate()"])
        var view = counter.render()
        #expect(view.contains(#"row("Step", "12", nil)"#) && view.contains(#"text_field("step", "", "A new step, then Enter", 0)"#))
        counter.action("inc")
        #expect(counter.host.take() == [#"set_badge("12")"#, "invalidate()"])

        counter.send(TAB_EVENT_SUBMIT, "step", value: "zero")
        #expect(counter.host.take() == [#"set_badge("12")"#, "invalidate()"])
        view = counter.render()
        #expect(view.contains(#"row("Step", "12", nil)"#))
        let field = try #require(view.firstIndex(of: #"text_field("step", "", "A new step, then Enter", 0)"#))
        #expect(view[field + 1...field + 2] == ["style(8)", #"text(""zero" is not a whole number other than 0.")"#])
        counter.send(TAB_EVENT_SUBMIT, "step", value: "3")
        #expect(!counter.render().contains { $0.contains("whole number") })
    }

    @Test func ticksCountOnlyWhileAutoCounting() throws {
        let counter = try ModuleInstance(module)
        counter.send(type: TAB_EVENT_TICK)
        #expect(counter.host.take().isEmpty)
        counter.action("auto")
        #expect(counter.host.take() == ["schedule_tick(1000)", "set_badge(nil)", "invalidate()"])
        counter.send(type: TAB_EVENT_TICK)
        #expect(counter.host.take() == ["schedule_tick(1000)", #"set_badge("1")"#, "invalidate()"])
        counter.action("auto")
        counter.send(type: TAB_EVENT_TICK)  // a tick already scheduled arrives after stopping: ignored
        #expect(counter.host.take() == [#"set_badge("1")"#, "invalidate()"])
    }

    @Test func navigationCallsReachTheHostAndFailuresAreLogged() throws {
        let counter = try ModuleInstance(module)
        counter.action("push")
        counter.action("tab")
        #expect(
            counter.host.take() == [
                #"push("counter", "5", 0)"#,
                #"add_tab("By 10", "counter", "TabHost_TabExampleCounter.resources/assets/counter.svg", "10")"#,
            ])
        counter.host.navigationResult = 0
        counter.action("push")
        counter.action("tab")
        #expect(
            counter.host.take() == [
                #"push("counter", "5", 0)"#, #"log(2, "could not push a counter")"#,
                #"add_tab("By 10", "counter", "TabHost_TabExampleCounter.resources/assets/counter.svg", "10")"#,
                #"log(2, "could not add the "By 10" tab")"#,
            ])
    }

    @Test func saveStateReportsTheSizeAndWritesOnlyWhenItFits() throws {
        let counter = try ModuleInstance(module)
        for _ in 0..<3 { counter.action("inc") }
        let probe = counter.save(capacity: 0)
        #expect(probe.needed == 10)
        let short = counter.save(capacity: 9)
        #expect(short.needed == 10)
        #expect(short.buffer == [UInt8](repeating: 0xAA, count: 9), "wrote into a buffer that is too small")
        let full = counter.save(capacity: 16)
        #expect(full.needed == 10)
        #expect(full.buffer == [1, 3, 0, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0xAA, count: 6))
    }

    @Test func restoredInstanceContinuesTheCount() throws {
        let old = try ModuleInstance(module)
        for _ in 0..<3 { old.action("dec") }
        old.action("auto")
        let saved = Array(old.save(capacity: 64).buffer.prefix(10))

        let new = try ModuleInstance(module)
        #expect(new.restore(saved))
        #expect(new.host.take() == ["schedule_tick(1000)", #"set_badge("-3")"#, "invalidate()"])
        #expect(new.render().contains(#"row("Value", "-3", nil)"#))
        new.action("inc")
        #expect(new.host.take() == [#"set_badge("-2")"#, "invalidate()"])
    }

    @Test(arguments: [[], [2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 2, 3]] as [[UInt8]])
    func restoreRefusesForeignState(_ bytes: [UInt8]) throws {
        let counter = try ModuleInstance(module)
        #expect(!counter.restore(bytes))
        #expect(counter.host.take().isEmpty)
        #expect(counter.render().contains(#"row("Value", "0", nil)"#))
    }

    @Test func appearancePhasesAreAccepted() throws {
        let counter = try ModuleInstance(module)
        for phase in [TAB_APPEARANCE_WILL_APPEAR, TAB_APPEARANCE_DID_APPEAR, TAB_APPEARANCE_WILL_DISAPPEAR] {
            counter.descriptor.pointee.appearance?(counter.me, Int32(phase.rawValue))
        }
        counter.descriptor.pointee.appearance?(counter.me, 99)  // newer than the kit: ignored
        #expect(counter.host.take().isEmpty)
    }
}
