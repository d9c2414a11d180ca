import TabHostTesting
import TabKit
import Testing

/// Render only when needed (issue 10, point 4): a controller renders again only after it was
/// invalidated (or handled an action, key or tick), and only when it is shown; `screen` is kept
/// until something it shows changes.
@Suite(.blocking)
struct RenderOnlyWhenNeededTests {
    /// A tab-bar controller that draws its container's items and counts its renders.
    final class CountingBar: Controller {
        let context = ControllerContext()
        var title: String { "bar" }
        private(set) var renders = 0
        private(set) var actions: [String] = []

        func render() -> ViewTree {
            renders += 1
            let items = (context.parent as? TabItemSource)?.barItems ?? []
            return ViewTree(
                items.enumerated().map { i, item in
                    .button(label: item.title + (item.badge.map { " (\($0))" } ?? ""), action: String(i))
                } + [.button(label: "+1", action: "+1"), .button(label: "01", action: "01"), .button(label: "9", action: "9")])
        }

        func handle(_ event: ControllerEvent) {
            if case .action(let id) = event { actions.append(id) }
        }

        func takeRenders() -> Int {
            defer { renders = 0 }
            return renders
        }
    }

    /// A shown fixture whose first screen was drawn, render counts reset.
    func drawn(_ names: [String], capacity: Int = 5) -> TabFixture {
        let f = TabFixture(names, capacity: capacity)
        _ = f.host.screen
        for name in names { _ = f[name].takeRenders() }
        return f
    }

    @Test func anActivationWhoseHandlerInvalidatesOnceRendersTheControllerOnce() {
        let f = TabFixture(["A", "B"])
        f["A"].on("open") { me in me.host?.invalidate(me) }
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
        #expect(f.host.apply(.activate("open")))
        // The front end asks again after the action and on each draw.
        _ = f.host.screen
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
        #expect(f["B"].renders == 0)
    }

    @Test func aControllerThatHandledAnActionOrKeyWithoutInvalidatingStillUpdatesOnce() {
        let f = drawn(["A"])
        f["A"].on("quiet") { me in me.title = "Quiet" }
        // The row is new: the kept rendering does not offer it until A is invalidated.
        #expect(f.host.apply(.activate("quiet")) == false)
        f.host.invalidate(f["A"])
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
        #expect(f.host.apply(.activate("quiet")))
        #expect(f.host.screen.title == "Quiet")
        #expect(f["A"].takeRenders() == 1)
        #expect(f.host.apply(.key(.down)))
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
    }

    @Test func aFocusOnlyChangeRendersNothing() {
        let f = drawn(["A", "B"])
        f["A"].on("one") { _ in }.on("two") { _ in }
        f.host.needsRender = false
        // Moving the focus is the front end's business: it draws the same screen again.
        let again = f.host.screen
        #expect(f.host.screen == again)
        #expect(f["A"].renders == 0 && f["B"].renders == 0)
        #expect(f.host.needsRender == false)
    }

    @Test func anActionIdThatIsNotOnScreenRendersNothingAndIsRefused() {
        let f = drawn(["A"])
        #expect(f.host.apply(.activate("nowhere")) == false)
        #expect(f["A"].renders == 0)
    }

    @Test func aTabSwitchRendersOnlyTheNewlyShownController() {
        let f = drawn(["A", "B", "C"])
        #expect(f.host.apply(.selectTab(1)))
        #expect(f.host.screen.content.nodes.first == .text("B content"))
        #expect([f["A"].takeRenders(), f["B"].takeRenders(), f["C"].takeRenders()] == [0, 1, 0])
        // Back to A: its rendering was kept, nothing changed it.
        #expect(f.host.apply(.selectTab(0)))
        #expect(f.host.screen.content.nodes.first == .text("A content"))
        #expect([f["A"].takeRenders(), f["B"].takeRenders(), f["C"].takeRenders()] == [0, 0, 0])
    }

    @Test func aHiddenControllerInvalidatedWhileHiddenRendersOnceWhenShown() {
        let f = drawn(["A", "B"])
        f.host.apply(.selectTab(1))
        _ = f.host.screen
        f.host.apply(.selectTab(0))
        _ = f.host.screen
        _ = f["B"].takeRenders()
        f.host.invalidate(f["B"])
        f.host.invalidate(f["B"])
        f.host.send(.tick, to: f["B"])
        _ = f.host.screen
        #expect(f["B"].renders == 0)
        #expect(f.log.take().contains("B.tick"))
        f.host.apply(.selectTab(1))
        _ = f.host.screen
        _ = f.host.screen
        #expect(f["B"].takeRenders() == 1)
        #expect(f["A"].renders == 0)
    }

    @Test func invalidatingEverythingRendersWhatIsShownOnce() {
        let f = drawn(["A", "B"])
        f.host.invalidate()
        _ = f.host.screen
        _ = f.host.screen
        #expect([f["A"].takeRenders(), f["B"].takeRenders()] == [1, 0])
    }

    @Test func titlesBadgesAndStatusRecomputeTheScreenWithoutRendering() {
        let f = drawn(["A", "B"])
        f.tabs.setBadge("4", forTab: "B")
        #expect(f.host.screen.tabBar?.items[1].badge == "4")
        f.tabs.tabs[0].title = "Inbox"
        #expect(f.bar == ["Inbox*", "B"])
        f.host.status = "reloaded a v2"
        #expect(f.host.screen.status == "reloaded a v2")
        f["A"].title = "Mail"
        f.host.invalidateScreen()
        #expect(f.host.screen.title == "Mail")
        #expect(f["A"].renders == 0)
    }

    @Test func pushPopAndModalsRenderOnlyControllersWithoutAKeptRendering() throws {
        let f = drawn(["A", "B"])
        let stack = try #require(f.tabs.tab(named: "A")?.stack)
        let detail = Rec("D", f.log)
        stack.push(detail)
        #expect(f.host.screen.backLabel == "A")
        #expect([f["A"].takeRenders(), detail.takeRenders()] == [0, 1])
        let modal = Rec("M", f.log)
        f.host.present(modal)
        #expect(f.host.screen.isModal)
        f.host.dismiss()
        #expect(f.host.screen.content.nodes.first == .text("D content"))
        stack.pop()
        #expect(f.host.screen.content.nodes.first == .text("A content"))
        #expect([f["A"].renders, detail.renders, modal.renders] == [0, 0, 1])
    }

    @Test func theMoreListFollowsBadgesAndTitlesOfTheOverflowTabs() {
        let f = drawn(["A", "B", "C", "D"], capacity: 3)
        #expect(f.host.apply(.selectTab(2)))
        #expect(f.host.screen.content.nodes.last == .row(ViewRow(title: "D", action: "tabkit.more.3")))
        f.tabs.setBadge("2", forTab: "D")
        f.tabs.tabs[2].title = "Sea"
        #expect(
            f.host.screen.content.nodes == [
                .row(ViewRow(title: "Sea", action: "tabkit.more.2")), .row(ViewRow(title: "D", action: "tabkit.more.3", badge: "2")),
            ])
        #expect(f.host.apply(.activate("tabkit.more.3")))
        #expect(f.host.screen.content.nodes.first == .text("D content"))
    }

    @Test func aTabBarControllerIsKeptUntilTheItemsItDrawsChangeOrItIsInvalidated() throws {
        let f = drawn(["A", "B", "C"], capacity: 0)
        let bar = CountingBar()
        f.tabs.setBarController(bar)
        #expect(f.host.screen.tabBar?.custom?.nodes.first == .button(label: "A", action: "0"))
        #expect(bar.takeRenders() == 1)
        f.host.invalidate(f["A"])
        _ = f.host.screen
        #expect(bar.takeRenders() == 0)
        f.tabs.setBadge("5", forTab: "B")
        #expect(f.host.screen.tabBar?.custom?.nodes[1] == .button(label: "B (5)", action: "1"))
        #expect(bar.takeRenders() == 1)
        // A slot id selects like a tap (the selection is an item change: the bar draws it again).
        #expect(f.host.apply(.activate("2")))
        #expect(f.host.screen.tabBar?.items[2].isSelected == true)
        #expect(bar.takeRenders() == 1)
        #expect(bar.actions == [])
        // Ids that are not canonical slot numbers of this bar are the bar's own actions.
        for id in ["+1", "01", "9"] { #expect(f.host.apply(.activate(id))) }
        #expect(bar.actions == ["+1", "01", "9"])
        #expect(f.tabs.selectedIndex == 2)
        #expect(f.host.apply(.moveTab(from: 0, to: 1)))
        #expect(f.host.screen.tabBar?.custom?.nodes.prefix(2) == [.button(label: "B (5)", action: "0"), .button(label: "A", action: "1")])
    }
}
