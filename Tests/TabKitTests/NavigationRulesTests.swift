import TabHostTesting
import TabKit
import Testing

/// Navigation stacks: rules 1, 3, 6, 8–10, 36, 39 of docs/container-rules.md.
struct NavigationRulesTests {
    let log = Log()
    let a: Rec
    let nav: RecNav
    let host: ContainerHost

    init() {
        a = Rec("A", log, title: "Inbox")
        nav = RecNav("nav", log, root: a)
        host = ContainerHost(root: nav)
    }

    /// Rule 1: with no transition, willMove and didMove come at once; rule 11: the parent appears first.
    @Test func startingShowsTheRootParentFirst() {
        #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)"])
        host.start()
        #expect(log.take() == ["nav.loaded", "nav.willAppear", "A.loaded", "A.willAppear", "nav.didAppear", "A.didAppear"])
    }

    @Test func rule8PushSendsMoveLoadAndAppearanceInUIKitOrder() {
        host.start()
        _ = log.take()
        nav.push(Rec("B", log))
        #expect(
            log.take() == [
                "B.willMove(nav)", "B.loaded", "A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear",
                "B.didMove(nav)",
            ])
    }

    @Test func rule9PopMirrorsPush() {
        host.start()
        let b = Rec("B", log)
        nav.push(b)
        _ = log.take()
        #expect(nav.pop() === b)
        #expect(
            log.take() == [
                "B.willMove(nil)", "B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear", "B.didMove(nil)",
            ])
        #expect(b.context.parent == nil)
        #expect(b.cycleViolations.isEmpty && a.cycleViolations.isEmpty)
    }

    @Test func rule10PopToRootSendsAppearanceOnlyToTheOldAndNewTop() {
        host.start()
        for name in ["B", "C", "D"] { nav.push(Rec(name, log)) }
        _ = log.take()
        #expect(nav.popToRoot().count == 3)
        #expect(
            log.take() == [
                "D.willMove(nil)", "C.willMove(nil)", "B.willMove(nil)",
                "D.willDisappear", "A.willAppear", "D.didDisappear", "A.didAppear",
                "D.didMove(nil)", "C.didMove(nil)", "B.didMove(nil)",
            ])
    }

    @Test func rule10SetStackWithANewTopActsAsAPush() {
        host.start()
        nav.push(Rec("B", log))
        _ = log.take()
        let x = Rec("X", log)
        nav.setStack([a, x])
        #expect(
            log.take() == [
                "B.willMove(nil)", "X.willMove(nav)", "X.loaded", "B.willDisappear", "X.willAppear", "B.didDisappear",
                "X.didAppear", "B.didMove(nil)", "X.didMove(nav)",
            ])
    }

    @Test func rule36PoppingTheRootIsANoOpAndTheRootHasNoBack() {
        host.start()
        _ = log.take()
        #expect(nav.pop() == nil)
        #expect(host.apply(.back) == false)
        #expect(log.take() == [])
        #expect(host.screen.backLabel == nil)
    }

    @Test func rule6PushingOntoAnInvisibleStackSendsNoAppearanceAndLoadsNothing() {
        let b = Rec("B", log)
        _ = log.take()
        nav.push(b)
        #expect(log.take() == ["B.willMove(nav)", "B.didMove(nav)"])
        #expect(!b.context.isLoaded)
    }

    @Test(arguments: [
        ("Inbox", "Inbox"),
        ("", "Back"),
    ])
    func rule39BackLabelIsTheTitleBelowTheTop(belowTitle: String, expected: String) {
        a.title = belowTitle
        host.start()
        nav.push(Rec("B", log, title: "Message"))
        #expect(host.screen.title == "Message")
        #expect(host.screen.backLabel == expected)
        #expect(nav.backLabel == expected)
    }

    @Test func rule3AddingAChildOfAnotherStackRemovesItThereFirst() {
        let y = Rec("Y", log)
        let other = RecNav("other", log, root: Rec("X", log))
        other.push(y)
        host.start()
        _ = log.take()
        nav.push(y)
        #expect(
            log.take() == [
                "Y.willMove(nil)", "Y.didMove(nil)", "Y.willMove(nav)", "Y.loaded", "A.willDisappear", "Y.willAppear",
                "A.didDisappear", "Y.didAppear", "Y.didMove(nav)",
            ])
        #expect(other.stack.count == 1)
        #expect(y.context.parent === nav)
    }
}

/// Rule 2: leaving a container on the child's own initiative.
struct RemoveFromParentTests {
    @Test func rule2RemovingTheVisibleTopRevealsTheOneBelow() {
        let log = Log()
        let a = Rec("A", log)
        let b = Rec("B", log)
        let host = ContainerHost(root: RecNav("nav", log, root: a))
        (host.root as? NavigationController)?.push(b)
        host.start()
        _ = log.take()
        #expect(b.removeFromParent())
        #expect(
            log.take() == [
                "B.willMove(nil)", "A.loaded", "B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear",
                "B.didMove(nil)",
            ])
        #expect(b.removeFromParent() == false)
    }
}
