import TabHostTesting
import TabKit
import TabLayout
import Testing

/// The host: the strict cycle (rule 5 of docs/container-rules.md), modals on modals, new modules, pushing twice,
/// render requests.
@Suite(.blocking)
struct HostTests {
    @Test func rule5CallsThatWouldBreakTheCycleAreNeverSent() {
        let f = TabFixture(["A", "B"])
        f.host.start()
        #expect(f.log.take() == [])
        let modal = Rec("M", f.log)
        f.host.present(modal)
        f.host.present(Rec("N", f.log))
        f.host.dismiss()
        f.host.dismiss()
        #expect(
            f.log.take() == [
                "M.loaded", "tabs.willDisappear", "A.willDisappear", "M.willAppear", "tabs.didDisappear", "A.didDisappear",
                "M.didAppear",
                "N.loaded", "M.willDisappear", "N.willAppear", "M.didDisappear", "N.didAppear",
                "N.willDisappear", "M.willAppear", "N.didDisappear", "M.didAppear",
                "M.willDisappear", "tabs.willAppear", "A.willAppear", "M.didDisappear", "tabs.didAppear", "A.didAppear",
            ])
        #expect(f["A"].cycleViolations.isEmpty && modal.cycleViolations.isEmpty)
    }

    /// Rule 5 under pressure: operations that would re-send a call to a controller already in that
    /// phase (selecting the selected tab, starting twice, pushing and popping on a tab that is not
    /// shown, switching and dismissing under a modal, removing the selected tab) never break any
    /// controller's will/did cycle, and hidden controllers get no calls at all.
    @Test func rule5NoSequenceOfOperationsBreaksAnyControllersCycle() throws {
        let f = TabFixture(["A", "B", "C"], capacity: 0)
        let pushed = Rec("P", f.log)
        let hidden = Rec("H", f.log)
        f.host.start()
        #expect(f.tabs.select(index: 0))  // already selected
        #expect(f.host.apply(.selectTab(1)))
        #expect(f.host.apply(.selectTab(0)))
        let bStack = try #require(f.tabs.tab(named: "B")?.stack)
        _ = f.log.take()
        bStack.push(hidden)  // B is not shown: H is added but must not appear
        #expect(f.log.take().allSatisfy { !$0.hasSuffix("Appear") && !$0.hasSuffix("Disappear") })
        _ = bStack.pop()
        #expect(f.log.take().allSatisfy { !$0.hasSuffix("Appear") && !$0.hasSuffix("Disappear") })
        try #require(f.tabs.tab(named: "A")?.stack).push(pushed)
        f.host.present(Rec("M", f.log))
        #expect(f.tabs.select(index: 2))  // under the modal: C must not appear yet
        #expect(f.log.take().allSatisfy { !$0.hasPrefix("C.will") && !$0.hasPrefix("C.did") })
        f.host.dismiss()
        #expect(f.tabs.removeTab(named: "C"))
        f.host.start()
        for rec in [f["A"], f["B"], f["C"], pushed, hidden] {
            #expect(rec.cycleViolations.isEmpty, "\(rec.name): \(rec.cycleViolations)")
        }
        #expect(hidden.context.appearance == .disappeared)
    }

    /// Rule 3 within one parent.
    @Test func pushingAControllerAlreadyInTheStackMovesItToTheTop() {
        let log = Log()
        let a = Rec("A", log)
        let b = Rec("B", log)
        let nav = RecNav("nav", log, root: a)
        nav.push(b)
        nav.push(Rec("C", log))
        nav.push(b)
        #expect(nav.stack.map { ($0 as? Rec)?.name } == ["A", "C", "B"])
    }

    /// Rule 30: where `addTab` puts a new tab.
    @Test func newModulesGoToTheContainerThatAcceptsThemEvenWhenItIsNotVisible() throws {
        let log = Log()
        let modules: Set<String> = ["home", "clock"]
        let text = #"{"root":{"stack":{"module":"home"}},"templates":{"@dock":{"tabs":[],"acceptsNewModules":true}}}"#
        let host = ContainerHost(layout: try Layout.parse(text, knownModules: modules), factory: TableFactory(log, modules: modules))
        host.start()
        #expect(throws: TabKitError(.noContainer, "cannot add tab \"c\": no tab container is visible or accepts new modules")) {
            try host.addTab(name: "c", module: "clock")
        }
        let dock = try #require(try host.makeController(module: "@dock", param: "Dock") as? TabContainer)
        _ = log.take()
        try host.addTab(name: "c", module: "clock", param: "UTC")
        #expect(dock.tabs.map(\.name) == ["c"])
        #expect(log.take() == ["make(clock)", "clock.start(UTC)"])
        host.applicationStack?.push(dock)
        #expect(log.appearance() == ["home.willDisappear", "clock.loaded", "clock.willAppear", "home.didDisappear", "clock.didAppear"])
    }

    /// A bad slot changes nothing (rule 16), so it asks for no frame either.
    @Test func appliedActionsAndInvalidateAskForANewFrame() {
        let f = TabFixture(["A", "B"])
        f.host.needsRender = false
        #expect(f.host.apply(.selectTab(5)) == false)
        #expect(f.host.needsRender == false)
        f.host.apply(.selectTab(1))
        #expect(f.host.needsRender)
        f.host.needsRender = false
        f["B"].host?.invalidate()
        #expect(f.host.needsRender)
    }

    /// Rule 12: a modal made by module name.
    @Test func presentingAModuleByNameStartsItAndAStatusLineIsShown() throws {
        let f = TabFixture(["A"])
        f.host.factory = TableFactory(f.log, modules: ["compose"])
        f.host.status = "reloaded compose v2"
        try f.host.present(module: "compose", param: "draft")
        let log = f.log.take()
        #expect(log.prefix(2) == ["make(compose)", "compose.start(draft)"])
        #expect(log.last == "compose.didAppear")
        #expect(f.host.screen.status == "reloaded compose v2")
        #expect(f.host.screen.isModal)
    }
}
