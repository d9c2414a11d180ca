import Logging
import TabKit
import TabModuleLoading
import TabModuleRuntime
import Testing

/// `ModuleController` and the hot reloader drive instances only through `ModuleInstance`: with a
/// factory of Swift fakes (the module files give the registry their `ModuleInfo`; their code never
/// runs), every call still arrives, in the order the in-process instances get it.
@Suite(.serialized)
struct FakeModuleInstanceTests {
    /// A harness over `alpha` (with save_state and restore_state) in two tabs, instances from `factory`.
    static func harness(_ factory: FakeModuleInstanceFactory) throws -> ReloadHarness {
        try ReloadHarness(initial: [ReloadSource(name: "alpha")], tabs: [("one", "alpha"), ("two", "alpha")], factory: factory)
    }

    /// Installs version 2 of alpha and applies the watcher's events.
    static func reload(_ h: ReloadHarness) throws -> [HotReloadReport] {
        var next = ReloadSource(name: "alpha")
        next.version = "2"
        try h.install(next)
        return h.pump()
    }

    @Test func theControllerDrivesAnInstanceThroughTheProtocol() throws {
        let factory = FakeModuleInstanceFactory()
        let h = try Self.harness(factory)
        #expect(factory.calls.lines == ["#1 start -", "#1 willAppear", "#1 didAppear"])
        let controller = try #require(h.controllers("alpha").first)
        let fake = try #require(factory.made.first)
        #expect(controller.instance === fake)
        #expect(fake.delegate === controller)
        factory.calls.lines.removeAll()

        #expect(h.host.screen.content.nodes == [.text("alpha #1")])
        controller.handle(.action("go"))
        controller.handle(.tick)
        #expect(controller.saveState() == [42])
        #expect(controller.restoreState([1, 2]))
        #expect(factory.calls.lines == ["#1 render", "#1 send action(\"go\")", "#1 send tick", "#1 saveState", "#1 restoreState [1, 2]"])

        // Host calls come back through the delegate the controller installed.
        fake.delegate?.moduleDidSetTitle("Fake")
        fake.delegate?.moduleDidSetBadge("3")
        fake.delegate?.moduleLog(level: .info, message: "from the fake")
        #expect(h.host.screen.title == "Fake")
        #expect(h.badge("one") == "3")
        #expect(h.log == ["alpha: from the fake"])

        // The second tab gets its own instance, made when it is first shown.
        factory.calls.lines.removeAll()
        #expect(h.host.apply(.selectTab(1)))
        #expect(factory.calls.lines == ["#2 start -", "#2 willAppear", "#1 willDisappear", "#1 didDisappear", "#2 didAppear"])
    }

    @Test func aReloadSwapsInstancesWithTheirStateAndAppearanceOrder() throws {
        let factory = FakeModuleInstanceFactory()
        let h = try Self.harness(factory)
        let old = try #require(factory.made.first)
        old.state = [7, 8]
        factory.calls.lines.removeAll()

        #expect(try Self.reload(h).map(\.message) == ["reloaded alpha v2"])
        #expect(
            factory.calls.lines == [
                "#2 start -", "#1 saveState", "#2 restoreState [7, 8]",
                "#1 willDisappear", "#2 willAppear", "#1 didDisappear", "#2 didAppear", "#1 destroy",
            ])
        let controller = try #require(h.controllers("alpha").first)
        #expect(controller.instance === factory.made.last)
        #expect(controller.info.version == "2")
        #expect(!old.isAlive)
        #expect(factory.made.last?.delegate === controller)
    }

    /// A state that cannot move (the running one returns none although its module has save_state) and
    /// the reason the report gives. (A new instance that refuses the state starts fresh instead: below.)
    static let stuckStates: [(String, String)] = [
        ("missing", "the running version's save_state() did not return its state (its size kept changing); fix save_state")
    ]

    @Test(arguments: stuckStates)
    func aStateThatCannotMoveKeepsTheRunningInstance(kind: String, reason: String) throws {
        let factory = FakeModuleInstanceFactory()
        let h = try Self.harness(factory)
        factory.made.first?.state = nil
        let reports = try Self.reload(h)
        #expect(reports.map(\.message) == ["reload of alpha refused, old version kept: \(h.modules)/alpha.so: \(reason)"])
        #expect(h.controllers("alpha").first?.instance === factory.made.first)
        #expect(factory.made.first?.isAlive == true)
        #expect(factory.made.count == 2 && factory.made.last?.isAlive == false)
        #expect(h.badge("one") == "!")
    }

    /// A new instance that refuses the running one's state (a new format) replaces it anyway, fresh.
    @Test func aRefusedStateStartsTheNewInstanceFresh() throws {
        let factory = FakeModuleInstanceFactory()
        let h = try Self.harness(factory)
        factory.configure = { $0.acceptsState = false }
        let reports = try Self.reload(h)
        #expect(reports.map(\.kind) == [.reloadedFresh])
        #expect(h.controllers("alpha").first?.instance === factory.made.last)
        #expect(factory.made.first?.isAlive == false)
        #expect(h.badge("one") == nil)
    }

    @Test func aFactoryFailureIsARefusedReload() throws {
        let factory = FakeModuleInstanceFactory()
        let h = try Self.harness(factory)
        factory.failure = ModuleError(
            .createFailed, module: "alpha", path: h.modules + "/alpha.so", reason: "create() returned NULL", hint: "fix create")
        let reports = try Self.reload(h)
        #expect(
            reports.map(\.message) == [
                "reload of alpha refused, old version kept: \(h.modules)/alpha.so: create() returned NULL; fix create"
            ])
        #expect(h.controllers("alpha").first?.instance === factory.made.first)
        #expect(h.controllers("alpha").first?.info.version == "1")
    }
}
