import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// Events reach a 1.2 module with `value` and `focus`, in a `tab_event` whose `struct_size` holds
/// them; a module built against 1.1 gets keys as it did then.
@Suite(.blocking)
struct ABI12EventsTests {
    @Test func everyNewEventReachesTheModuleWithItsValueAndFocus() throws {
        let setup = try DirectModuleFixture()
        let events: [(ModuleEvent, String?)] = [
            (.text(field: "name", value: "Ann B"), "name"),
            (.submit(field: "name", value: "Ann B"), "name"),
            (.toggle(id: "wifi", isOn: false), "wifi"),
            (.toggle(id: "wifi", isOn: true), nil),
            (.result(module: "picker", value: "blue"), nil),
            (.result(module: "picker", value: nil), nil),
            (.alert(id: "ask", button: "Two"), nil),
            (.timer("t1"), nil),
            (.key(TabKey.escape.rawValue), "row 3"),
            (.action("open"), "open"),
        ]
        for (event, focus) in events { setup.instance.send(event, focus: focus) }
        #expect(
            setup.notes == [
                "type=4 action=name value=Ann B focus=name key=0x0 full=1",
                "type=5 action=name value=Ann B focus=name key=0x0 full=1",
                "type=6 action=wifi value=0 focus=wifi key=0x0 full=1",
                "type=6 action=wifi value=1 focus=- key=0x0 full=1",
                "type=7 action=picker value=blue focus=- key=0x0 full=1",
                "type=7 action=picker value=- focus=- key=0x0 full=1",
                "type=8 action=ask value=Two focus=- key=0x0 full=1",
                "type=9 action=t1 value=- focus=- key=0x0 full=1",
                "type=2 action=- value=- focus=row 3 key=0x110007 full=1",
                "type=1 action=open value=- focus=open key=0x0 full=1",
            ])
    }

    private func controllerHost(minor: Int) throws -> ModuleHostFixture {
        let setup = try ModuleHostFixture(
            file: "abi.so", source: ABI12Module.source(minor: minor),
            layout: #"{"root": {"tabs": [{"name": "a", "module": "abi", "param": "log"}]}}"#, modules: ["abi"],
            factory: { _ in InProcessModuleInstanceFactory() })
        setup.host.start()
        return setup
    }

    private func notes(_ setup: ModuleHostFixture) throws -> [String] {
        let controller = try #require(setup.host.visibleController as? ModuleController)
        return controller.instance.render().nodes.compactMap { if case .text(let line) = $0 { line } else { nil } }
    }

    @Test func aModuleBuiltAgainst11GetsKeysTheOldWayAndNoNewEvents() throws {
        let setup = try controllerHost(minor: 1)
        let controller = setup.host.visibleController
        for key in [TabKey.escape, .backspace, .delete, .tab, .home, .pageDown, .up] { controller.handle(.key(key)) }
        controller.handle(.text(field: "f", value: "v"))
        controller.handle(.timer("t"))
        controller.handle(.action("a"))
        let expectedKeys = [TabKey.escape, .backspace, .delete, .tab, .home, .pageDown, .up].compactMap { $0.forModule(minor: 1) }
        #expect(expectedKeys.map(\.rawValue) == [0x1B, 0x7F, 0x7F, 0x09, TabKey.up.rawValue])
        #expect(
            try notes(setup)
                == expectedKeys.map { "type=2 action=- value=- focus=- key=0x\(String($0.rawValue, radix: 16)) full=1" }
                + ["type=1 action=a value=- focus=- key=0x0 full=1"])
    }

    @Test func aModuleBuiltAgainst12GetsTheDistinctKeys() throws {
        let setup = try controllerHost(minor: 2)
        for key in [TabKey.escape, .backspace, .home] { setup.host.visibleController.handle(.key(key)) }
        #expect(
            try notes(setup)
                == [TabKey.escape, .backspace, .home].map {
                    "type=2 action=- value=- focus=- key=0x\(String($0.rawValue, radix: 16)) full=1"
                })
    }
}
