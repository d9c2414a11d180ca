import CTabModule
import TabModuleKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// ABI 1.2 through TabModuleKit: a Swift module (``Probe``) driven through its C descriptor as the host drives
/// it — events with values and focus, the new keys, the new view calls and styles, the new host calls, the
/// thread-safe ones from another thread, and an older host's smaller table.
@Suite(.serialized)
struct ABI12Tests {
    /// The probe's descriptor, as `tab_module_entry` would return it.
    let descriptor: UnsafePointer<tab_module_descriptor>

    init() throws {
        let raw = try #require(TabModuleExport.entry(for: Probe.self))
        descriptor = raw.assumingMemoryBound(to: tab_module_descriptor.self)
    }

    @Test func descriptorDeclaresABI12AndItsPermissions() throws {
        let d = descriptor.pointee
        #expect(d.abi_major == 1)
        #expect(d.abi_minor == 3)
        #expect(d.struct_size == UInt32(MemoryLayout<tab_module_descriptor>.size))
        #expect(String(cString: try #require(d.permissions)) == "network read:/tmp")
        #expect(TabModuleExport.entry(for: Probe.self) == UnsafeRawPointer(descriptor))
    }

    @Test func eventsCarryTheirValuesAndFocus() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.send(TAB_EVENT_TEXT, "name", value: "Ad", focus: "name")
        probe.send(TAB_EVENT_SUBMIT, "name", value: "Ada", focus: "name")
        probe.send(TAB_EVENT_TOGGLE, "wifi", value: "1", focus: "wifi")
        probe.send(TAB_EVENT_TOGGLE, "wifi", value: "0")
        probe.send(TAB_EVENT_RESULT, "compose", value: "hello")
        probe.send(TAB_EVENT_RESULT, "compose")
        probe.send(TAB_EVENT_ALERT, "delete", value: "Delete")
        probe.send(TAB_EVENT_TIMER, "every")
        probe.send(TAB_EVENT_ACTION, "open:1", focus: "open:1")
        probe.send(tab_event_type(rawValue: 99), "future")
        #expect(
            probe.host.take() == [
                #"log(0, "text(field: "name", value: "Ad") focus=name")"#,
                #"log(0, "submit(field: "name", value: "Ada") focus=name")"#,
                #"log(0, "toggle(id: "wifi", isOn: true) focus=wifi")"#,
                #"log(0, "toggle(id: "wifi", isOn: false) focus=nil")"#,
                #"log(0, "result(module: "compose", value: Optional("hello")) focus=nil")"#,
                #"log(0, "result(module: "compose", value: nil) focus=nil")"#,
                #"log(0, "alert(id: "delete", button: "Delete") focus=nil")"#,
                #"log(0, "timer(id: "every") focus=nil")"#,
                #"log(0, "action("open:1") focus=open:1")"#,
                #"log(0, "other(type: 99) focus=nil")"#,
            ])
    }

    @Test func anOlderHostsEventHasNoValueOrFocus() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        let v11Size = try #require(MemoryLayout<tab_event>.offset(of: \tab_event.value))
        probe.send(TAB_EVENT_ACTION, "open:1", value: "stale", focus: "stale", size: v11Size)
        #expect(probe.host.take() == [#"log(0, "action("open:1") focus=nil")"#])
    }

    static let keys: [(tab_key, Key)] = [
        (TAB_KEY_BACKSPACE, .backspace), (TAB_KEY_DELETE, .delete), (TAB_KEY_ESCAPE, .escape), (TAB_KEY_TAB, .tab),
        (TAB_KEY_HOME, .home), (TAB_KEY_END, .end), (TAB_KEY_PAGE_UP, .pageUp), (TAB_KEY_PAGE_DOWN, .pageDown),
    ]

    @Test(arguments: keys)
    func namedKeysOf12HaveNoCharacter(_ c: tab_key, _ key: Key) throws {
        #expect(key.rawValue == UInt32(c.rawValue))
        #expect(key.character == nil)
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.send(type: TAB_EVENT_KEY, key: UInt32(c.rawValue))
        #expect(probe.host.take() == [#"log(0, "key(TabModuleKit.Key(rawValue: \#(c.rawValue))) focus=nil")"#])
    }

    @Test func fieldsTogglesAndProgressReachTheView() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.start("fields")
        #expect(
            probe.render() == [
                #"text_field("name", "Ada", "Name", 0)"#, #"text_field("password", nil, nil, 1)"#,
                #"text_field("body", "a\#nb", nil, 3)"#, #"toggle("wifi", "Wi-Fi", 1)"#, #"toggle("bt", "Bluetooth", 0)"#,
                #"progress("Download", 0.25)"#, "progress(nil, -1.0)",
            ])
    }

    @Test func stylesGoToTheNextNodeAndStyledToEveryNodeInside() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.start("styles")
        #expect(
            probe.render() == [
                "style(8)", #"text("failed")"#, #"text("plain")"#,
                "style(5)", #"row("a", "1", "a")"#, #"row_action("Delete", "delete:a")"#, "style(7)", #"text("b")"#,
                #"button("OK", "ok")"#,
            ])
    }

    @Test func tablesAndRowActionsReachTheView() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.start("table")
        #expect(
            probe.render() == [
                #"columns(["Name", nil, "Size"])"#, #"cells(["notes.txt", "text", "12 KB"], "open:notes")"#,
                #"row_action("Delete", "delete:notes")"#, #"row_action("Share", "share:notes")"#,
                #"cells([nil, "", "x"], nil)"#,
            ])
    }

    @Test func hostCallsOf12() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        for action in ["finish", "back", "alert", "alert-plain", "timers", "dirs", "save"] {
            probe.action(action)
        }
        let calls = probe.host.take().filter { !$0.hasPrefix("log(0,") }
        #expect(
            calls == [
                #"finish("posted")"#, "finish(nil)",
                #"alert("delete", "Delete?", "It cannot be undone.", ["Delete", "Cancel"])"#, #"alert("info", "Done", nil, [])"#,
                #"set_timer("once", 1500, 0)"#, #"set_timer("every", 0, 250)"#, #"set_timer("fine", 1, 1)"#, #"cancel_timer("once")"#,
                "data_dir()", "module_dir()", #"log(1, "data=/data/probe module=/modules")"#, "save_soon()",
            ])
    }

    @Test func aMissingDataDirectoryIsNil() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        free(probe.host.dataDirectory)
        probe.host.dataDirectory = nil
        probe.action("dirs")
        #expect(probe.host.take().last == #"log(1, "data=nil module=/modules")"#)
    }

    @Test func threadSafeCallsWorkFromAnotherThread() throws {
        let probe = try ModuleInstance(descriptor: descriptor)
        probe.action("thread")
        #expect(
            probe.host.take().dropFirst() == [
                #"set_timer("poll", 2000, 2000)"#, #"cancel_timer("poll")"#, "schedule_tick(5)", "save_soon()", "invalidate()",
                #"log(2, "from another thread")"#,
            ])
    }

    @Test func anOlderHostTableGetsNoneOfThe12Calls() throws {
        let v11Size = try #require(MemoryLayout<tab_host_api>.offset(of: \tab_host_api.text_field))
        let probe = try ModuleInstance(descriptor: descriptor, apiSize: v11Size)
        for action in ["finish", "alert", "timers", "dirs", "save"] {
            probe.action(action)
        }
        #expect(probe.host.take().filter { !$0.hasPrefix("log(0,") } == [#"log(1, "data=nil module=nil")"#])
        probe.start("fields")
        #expect(probe.render().isEmpty)
        probe.start("table")
        #expect(probe.render().isEmpty)
        probe.start("styles")
        #expect(probe.render() == [#"text("failed")"#, #"text("plain")"#, #"row("a", "1", "a")"#, #"text("b")"#, #"button("OK", "ok")"#])
    }
}
