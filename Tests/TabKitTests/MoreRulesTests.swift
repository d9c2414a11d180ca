import TabHostTesting
import TabKit
import Testing

/// More overflow: rules 15, 21, 24, 27 of docs/container-rules.md (and 31 for More list badges).
@Suite(.blocking)
struct MoreRulesTests {
    @Test(arguments: [
        (5, 5, ["A*", "B", "C", "D", "E"]),
        (3, 5, ["A*", "B", "More"]),
        (0, 7, ["A*", "B", "C", "D", "E", "F", "G"]),
        (4, 4, ["A*", "B", "C", "D"]),
    ])
    func rule21CapacityDecidesWhatTheBarShows(capacity: Int, count: Int, expected: [String]) {
        let names = ["A", "B", "C", "D", "E", "F", "G"].prefix(count)
        let f = TabFixture(Array(names), capacity: capacity)
        #expect(f.bar == expected)
        #expect(f.host.screen.tabBar?.items.last?.isMore == (expected.last == "More"))
    }

    @Test func rule24MoreListsTheOverflowInOrderWithGlyphAndBadge() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f["D"].glyph = "♪"
        f.tabs.setBadge("3", forTab: "D")
        #expect(f.host.apply(.selectTab(2)))
        #expect(f.log.take() == ["shouldSelect(More)", "A.willDisappear", "A.didDisappear", "didSelect(More)"])
        let screen = f.host.screen
        #expect(screen.title == "More")
        #expect(screen.backLabel == nil)
        #expect(f.bar == ["A", "B", "More*"])
        #expect(
            screen.content
                == ViewTree([
                    .row(ViewRow(title: "C", action: "tabkit.more.2")),
                    .row(ViewRow(title: "D", action: "tabkit.more.3", glyph: "♪", badge: "3")),
                    .row(ViewRow(title: "E", action: "tabkit.more.4")),
                ]))
        #expect(f.tabs.selectedIndex == nil && f.tabs.isShowingMoreList)
    }

    @Test func rule24PickingFromMorePushesItAndMoreStaysSelected() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.host.apply(.selectTab(2))
        _ = f.log.take()
        #expect(f.host.apply(.activate("tabkit.more.3")))
        #expect(
            f.log.take() == ["D.willMove(stack)", "D.didMove(stack)", "D.loaded", "D.willAppear", "D.didAppear"])
        #expect(f.host.screen.title == "D")
        #expect(f.host.screen.backLabel == "More")
        #expect(f.bar == ["A", "B", "More*"])
        #expect(f.tabs.selectedIndex == 3)

        // Back returns to the list; the tab keeps its stack.
        #expect(f.host.apply(.back))
        #expect(f.log.take() == ["D.willDisappear", "D.didDisappear"])
        #expect(f.host.screen.title == "More")
    }

    @Test func rule24TappingMoreAgainReshowsTheLastOverflowTabAndReTapReturnsToTheList() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.host.apply(.selectTab(2))
        f.host.apply(.activate("tabkit.more.3"))
        f.host.apply(.selectTab(0))
        _ = f.log.take()
        f.host.apply(.selectTab(2))
        #expect(
            f.log.take() == [
                "shouldSelect(More)", "D.willAppear", "A.willDisappear", "A.didDisappear", "D.didAppear", "didSelect(More)",
            ])
        f.host.apply(.selectTab(2))
        #expect(f.log.take() == ["shouldSelect(More)", "D.willDisappear", "D.didDisappear", "didSelect(More)"])
        #expect(f.host.screen.title == "More")
    }

    @Test func rule15ProgrammaticSelectionCanSelectATabInMore() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        #expect(f.tabs.select(name: "E"))
        #expect(f.log.appearance() == ["E.loaded", "E.willAppear", "A.willDisappear", "A.didDisappear", "E.didAppear"])
        #expect(f.bar == ["A", "B", "More*"])
        #expect(f.host.screen.backLabel == "More")
    }

    @Test func rule27WhenMoreDisappearsThePreviousRealTabIsSelected() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.tabs.select(index: 1)
        f.host.apply(.selectTab(2))
        _ = f.log.take()
        f.tabs.capacity = 0
        #expect(f.log.take() == ["B.willAppear", "B.didAppear"])
        #expect(f.bar == ["A", "B*", "C", "D", "E"])
    }

    @Test func rule27ThePreviousRealTabIsFollowedWhenATabBeforeItIsRemoved() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.tabs.select(index: 1)
        f.host.apply(.selectTab(2))
        f.tabs.removeTab(named: "A")
        _ = f.log.take()
        f.tabs.capacity = 0
        #expect(f.log.appearance() == ["B.willAppear", "B.didAppear"])
        #expect(f.bar == ["B*", "C", "D", "E"])
    }

    @Test func rule27ChangingCapacityKeepsStacksAndSelection() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 0)
        f.tabs.select(index: 3)
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        _ = f.log.take()
        f.tabs.capacity = 3
        #expect(f.log.take() == [])
        #expect(f.bar == ["A", "B", "More*"])
        #expect(f.host.screen.title == "X")
        #expect(f.host.screen.backLabel == "D")
    }
}
