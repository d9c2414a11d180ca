import TabHostTesting
import TabKit
import Testing

/// Containers inside containers, modals and Back: rules 11, 12, 36–38, 40 of docs/container-rules.md.
struct NestingRulesTests {
    let log = Log()
    let list: Rec
    let app: RecNav
    let host: ContainerHost
    let f: Rec
    let m: Rec
    let tabs: RecTabs

    /// An application stack rooted at an accounts list, and a tab container (Favourites, Mentions) to push.
    init() {
        list = Rec("L", log, title: "Accounts")
        app = RecNav("app", log, root: list)
        host = ContainerHost(root: app)
        f = Rec("F", log)
        m = Rec("M", log)
        tabs = RecTabs("tabs", log, tabs: [Tab(name: "f", controller: f), Tab(name: "m", controller: m)], title: "Jack")
        host.start()
        _ = log.take()
    }

    @Test func rule11AContainerPushedOntoAStackGetsCallsBeforeItsSelectedChain() {
        app.push(tabs)
        #expect(
            log.take() == [
                "tabs.willMove(app)", "tabs.loaded", "L.willDisappear", "tabs.willAppear", "F.willMove(stack)",
                "F.didMove(stack)", "F.loaded", "F.willAppear", "L.didDisappear", "tabs.didAppear", "F.didAppear",
                "tabs.didMove(app)",
            ])
        app.pop()
        #expect(
            log.take() == [
                "tabs.willMove(nil)", "tabs.willDisappear", "F.willDisappear", "L.willAppear", "tabs.didDisappear",
                "F.didDisappear", "L.didAppear", "tabs.didMove(nil)",
            ])
        #expect(m.context.isLoaded == false)
    }

    @Test func rule37AtATabRootBackBelongsToTheOuterStackAndPopsTheContainer() {
        app.push(tabs)
        #expect(host.screen.title == "Jack")
        #expect(host.screen.backLabel == "Accounts")
        #expect(host.screen.tabBar != nil)
        _ = log.take()
        #expect(host.apply(.back))
        #expect(
            log.appearance() == [
                "tabs.willDisappear", "F.willDisappear", "L.willAppear", "tabs.didDisappear", "F.didDisappear", "L.didAppear",
            ])
        #expect(host.screen.title == "Accounts" && host.screen.tabBar == nil)
    }

    @Test func rule36BackPopsTheSelectedTabsStackFirst() {
        app.push(tabs)
        f.navigationController?.push(Rec("D", log, title: "Detail"))
        #expect(host.screen.title == "Detail")
        #expect(host.screen.backLabel == "F")
        #expect(host.screen.tabBar != nil)
        _ = log.take()
        #expect(host.apply(.back))
        #expect(log.appearance() == ["D.willDisappear", "F.willAppear", "D.didDisappear", "F.didAppear"])
        #expect(host.screen.backLabel == "Accounts")
    }

    /// Model decision for rule 40: a push onto the tab's own stack keeps the bar; a push onto the
    /// application's stack covers it, and popping shows it again.
    @Test func rule40PushingOntoTheApplicationStackCoversTheBar() {
        app.push(tabs)
        f.navigationController?.push(Rec("D", log))
        #expect(host.screen.tabBar != nil)
        f.navigationController?.pop()
        _ = log.take()
        f.host?.applicationStack?.push(Rec("P", log, title: "Profile"))
        #expect(
            log.appearance() == [
                "P.loaded", "tabs.willDisappear", "F.willDisappear", "P.willAppear", "tabs.didDisappear", "F.didDisappear",
                "P.didAppear",
            ])
        #expect(host.screen.withoutContentID == Screen(title: "Profile", backLabel: "Jack", content: ViewTree([.text("P content")])))
        host.apply(.back)
        #expect(host.screen.tabBar?.items.map(\.title) == ["F", "M"])
    }

    @Test func rule12AFullScreenModalSendsDisappearToTheVisibleChainAndTheBarSurvivesDismissal() {
        app.push(tabs)
        _ = log.take()
        let modal = Rec("Modal", log, title: "Compose")
        host.present(modal)
        #expect(
            log.take() == [
                "Modal.loaded", "app.willDisappear", "tabs.willDisappear", "F.willDisappear", "Modal.willAppear",
                "app.didDisappear", "tabs.didDisappear", "F.didDisappear", "Modal.didAppear",
            ])
        #expect(
            host.screen.withoutContentID
                == Screen(title: "Compose", backLabel: nil, content: ViewTree([.text("Modal content")]), tabBar: nil, isModal: true))
        #expect(host.apply(.dismiss))
        #expect(
            log.take() == [
                "Modal.willDisappear", "app.willAppear", "tabs.willAppear", "F.willAppear", "Modal.didDisappear",
                "app.didAppear", "tabs.didAppear", "F.didAppear",
            ])
        #expect(host.screen.tabBar?.items.map(\.title) == ["F", "M"])
        #expect(host.screen.isModal == false)
        #expect(host.apply(.dismiss) == false)
    }

    @Test func rule38BackDismissesAModalFirstThenPopsTheSelectedStackThenTheOuterStack() {
        app.push(tabs)
        f.navigationController?.push(Rec("D", log, title: "Detail"))
        host.present(Rec("Modal", log))
        var titles: [String] = []
        while host.apply(.back) { titles.append(host.screen.title) }
        #expect(titles == ["Detail", "Jack", "Accounts"])
        #expect(host.screen.backLabel == nil)
    }

    @Test func keysAndActionsGoToTheVisibleController() {
        app.push(tabs)
        f.on("refresh") { $0.badge = "1" }
        _ = log.take()
        #expect(host.apply(.key(TabKey(rawValue: 0x110002))))
        #expect(host.apply(.activate("refresh")))
        #expect(host.apply(.activate("not-on-screen")) == false)
        #expect(log.take() == ["F.key(1114114)", "F.action(refresh)"])
        #expect(host.screen.tabBar?.items.first?.badge == "1")
    }
}
