import TabHostTesting
import TabKit
import Testing

/// Results (rule 44 of docs/internals/container-rules.md): a screen a controller pushed or presented
/// hands its presenter one result when it goes, after the pop or dismissal is complete.
struct ResultRulesTests {
    let log = Log()
    let factory: TableFactory
    let list: Rec
    let app: RecNav
    let host: ContainerHost

    /// An application stack rooted at "list"; "editor" finishes with "text" on "save"; modules made
    /// through the factory are pushed or presented by whoever asks.
    init() {
        factory = TableFactory(log, modules: ["editor", "viewer"])
        factory.setUp["editor"] = { rec in
            rec.on("save") { me in me.host?.finish(me, result: "text") }
        }
        list = Rec("list", log)
        app = RecNav("app", log, root: list)
        host = ContainerHost(root: app, factory: factory)
        host.start()
        _ = log.take()
    }

    /// `presenter` pushes `module` onto its own stack, as a module's `push` does; the screen is drawn.
    @discardableResult
    private func push(_ module: String, by presenter: any Controller) throws -> Rec {
        try host.push(module: module, param: nil, onto: presenter.navigationController, presenter: presenter)
        _ = host.screen
        _ = log.take()
        return try #require(factory.rec(module))
    }

    private var results: [String] { log.take().filter { $0.contains(".result(") } }

    @Test func rule44FinishPopsTheScreenAndThePresenterGetsTheResultAfterTheAppearanceCalls() throws {
        try push("editor", by: list)
        #expect(host.apply(.activate("save")))
        #expect(
            log.take() == [
                "editor.action(save)", "editor.willMove(nil)", "editor.willDisappear", "list.willAppear", "editor.didDisappear",
                "list.didAppear", "editor.didMove(nil)", "list.result(editor, text)",
            ])
        #expect(app.stack.count == 1)
        #expect(host.screen.content.nodes.first == .text("list content"))
    }

    @Test func rule44BackGivesThePresenterANilResultOnce() throws {
        try push("editor", by: list)
        #expect(host.apply(.back))
        #expect(
            log.take() == [
                "editor.willMove(nil)", "editor.willDisappear", "list.willAppear", "editor.didDisappear", "list.didAppear",
                "editor.didMove(nil)", "list.result(editor, nil)",
            ])
        #expect(host.apply(.back) == false)
        #expect(results.isEmpty)
        #expect(list.events.count == 1)
    }

    @Test func rule44APopOrPopToRootTellsOnlyPresentersStillInTheTree() throws {
        let editor = try push("editor", by: list)
        let viewer = try push("viewer", by: editor)
        #expect(app.pop() === viewer)
        #expect(results == ["editor.result(viewer, nil)"])
        try push("viewer", by: editor)
        // The viewer's presenter goes with it: only the list hears of the editor.
        #expect(app.popToRoot().count == 2)
        #expect(results == ["list.result(editor, nil)"])
        #expect(editor.events.filter { if case .result = $0.event { true } else { false } }.count == 1)
    }

    @Test func rule44APresentedScreenFinishesByDismissalAndABackIsANilResult() throws {
        try host.present(module: "editor", param: nil, presenter: list)
        _ = host.screen
        _ = log.take()
        #expect(host.screen.isModal)
        #expect(host.apply(.activate("save")))
        #expect(
            log.take() == [
                "editor.action(save)", "editor.willDisappear", "app.willAppear", "list.willAppear", "editor.didDisappear",
                "app.didAppear", "list.didAppear", "list.result(editor, text)",
            ])
        #expect(!host.screen.isModal)
        try host.present(module: "viewer", param: "v", presenter: list)
        #expect(host.apply(.back))
        #expect(results == ["list.result(viewer, nil)"])
        try host.present(module: "viewer", param: "v", presenter: list)
        #expect(host.apply(.dismiss))
        #expect(results == ["list.result(viewer, nil)"])
    }

    @Test func rule44DismissingAModalWithTheModalsAboveItTellsOnlyPresentersInTheTree() throws {
        let editor = try host.present(module: "editor", param: nil, presenter: list)
        try host.present(module: "viewer", param: nil, presenter: editor)
        _ = log.take()
        #expect(host.dismiss(containing: editor))
        #expect(results == ["list.result(editor, nil)"])
        #expect(host.modals.isEmpty)
    }

    @Test func rule44FinishEndsAScreenWithTheScreensAboveIt() throws {
        let editor = try push("editor", by: list)
        try push("viewer", by: editor)
        #expect(host.finish(editor, result: "early"))
        #expect(app.stack.count == 1)
        #expect(results == ["list.result(editor, early)"])
    }

    @Test func rule44FinishAtARootDoesNothingAndASecondFinishDoesNothing() throws {
        #expect(host.finish(list, result: "x") == false)
        let editor = try push("editor", by: list)
        #expect(host.finish(editor, result: "once"))
        #expect(host.finish(editor, result: "twice") == false)
        #expect(results == ["list.result(editor, once)"])
        #expect(app.stack.count == 1)
    }

    @Test func rule44AScreenNobodyPushedEndsWithoutAResult() throws {
        // Pushed by TabKit itself (the user, a layout, restoration): no presenter.
        try host.push(module: "editor", param: nil)
        let editor = try #require(factory.rec("editor"))
        #expect(editor.context.presenter == nil)
        #expect(host.finish(editor, result: "x"))
        #expect(app.stack.count == 1)
        #expect(results.isEmpty)
    }

    @Test func rule44APresenterThatLeftTheTreeGetsNothing() throws {
        let a = Rec("a", log)
        let tabs = RecTabs("tabs", log, tabs: [Tab(name: "a", controller: a), Tab(name: "b", controller: Rec("b", log))])
        app.push(tabs)
        _ = host.screen
        // "a" pushes onto the application's stack, over its own tab container.
        try host.push(module: "editor", param: nil, presenter: a)
        let editor = try #require(factory.rec("editor"))
        tabs.removeTab(named: "a")
        _ = log.take()
        #expect(host.finish(editor, result: "lost"))
        #expect(results.isEmpty)
        #expect(a.events.isEmpty)
    }

    @Test func rule44MovingAScreenWithinItsStackIsNotGoingAway() throws {
        let editor = try push("editor", by: list)
        app.push(Rec("other", log))
        app.push(editor)  // moved back to the top (rule 3)
        #expect(results.isEmpty)
        #expect(app.stack.count == 3)
        #expect(host.apply(.back))
        #expect(results == ["list.result(editor, nil)"])
    }

    @Test func rule44APresenterMayPushAgainFromItsResult() throws {
        list.onEvent = { me, event in
            if case .result(module: "editor", value: "text") = event {
                _ = try? me.host?.push(module: "viewer", param: "after", onto: me.navigationController, presenter: me)
            }
        }
        try push("editor", by: list)
        #expect(host.apply(.activate("save")))
        #expect(app.stack.map(logName) == ["list", "viewer"])
        #expect(app.top?.context.presenter === list)
        #expect(host.apply(.back))
        #expect(results == ["list.result(editor, text)", "list.result(viewer, nil)"])
    }

    /// A presenter that answers every result by presenting a screen that finishes at once never lets a
    /// delivery end (an outside try froze an in-process host this way, `q` included): with a later turn
    /// of the loop to hand them to, results past `maximumResultsAtOnce` wait for it, and the loop can read
    /// the keys in between. The control: without one, every result of the chain goes in one call.
    @Test(arguments: [true, false])
    func aResultChainWaitsForTheLoopPastItsShare(hasLater: Bool) throws {
        var later: [() -> Void] = []
        if hasLater { host.laterHandler = { later.append($0) } }
        var answered = 0
        // Weak, as a module's own handler reaches its host: the host holds `list`, and a strong capture
        // here would keep the host and every screen of the chain alive after the test.
        list.onEvent = { [weak host] me, event in
            guard let host, case .result = event, answered < 1000 else { return }
            answered += 1
            guard let editor = try? host.present(module: "editor", param: nil, presenter: me) else { return }
            host.finish(editor, result: "again")
        }
        let first = try host.present(module: "editor", param: nil, presenter: list)
        host.finish(first, result: "first")
        if hasLater {
            #expect(answered == ContainerHost.maximumResultsAtOnce && later.count == 1)
            later.removeFirst()()
            #expect(answered == 2 * ContainerHost.maximumResultsAtOnce && later.count == 1)
        } else {
            #expect(answered == 1000 && later.isEmpty)
        }
    }
}
