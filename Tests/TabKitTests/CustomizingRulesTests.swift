import TabKit
import Testing

/// Reordering: rules 25, 26 of docs/container-rules.md.
struct CustomizingRulesTests {
    @Test func rule26DelegateOrderAndTheNewOrderAfterwards() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.tabs.beginCustomizing()
        #expect(f.tabs.moveTab(from: 4, to: 0))
        f.tabs.endCustomizing()
        #expect(
            f.log.take() == [
                "willBeginCustomizing(A,B,C,D,E)",
                "willEndCustomizing(E,A,B,C,D, changed: true)",
                "didEndCustomizing(E,A,B,C,D, changed: true)",
            ])
        #expect(f.tabs.tabs.map(\.name) == ["E", "A", "B", "C", "D"])
        // Selection follows the tab; nothing appeared or disappeared.
        #expect(f.bar == ["E", "A*", "More"])
        #expect(f.tabs.selectedTab?.name == "A")
    }

    @Test func rule26UnchangedOrderIsReportedAsUnchanged() {
        let f = TabFixture(["A", "B"])
        f.tabs.beginCustomizing()
        #expect(f.tabs.moveTab(from: 0, to: 1))
        #expect(f.tabs.moveTab(from: 1, to: 0))
        f.tabs.endCustomizing()
        #expect(
            f.log.take() == [
                "willBeginCustomizing(A,B)", "willEndCustomizing(A,B, changed: false)", "didEndCustomizing(A,B, changed: false)",
            ])
    }

    @Test func rule25OnlyCustomizableTabsMoveAndOnlyWhileCustomizing() {
        let f = TabFixture(["A", "B", "C"])
        #expect(f.tabs.moveTab(from: 0, to: 1) == false)
        f.tabs.tabs[2].isCustomizable = false
        f.tabs.beginCustomizing()
        #expect(f.tabs.moveTab(from: 2, to: 0) == false)
        #expect(f.tabs.moveTab(from: 0, to: 2) == false)
        #expect(f.tabs.moveTab(from: 0, to: 1))
        #expect(f.tabs.moveTab(from: 0, to: 7) == false)
        f.tabs.endCustomizing()
        #expect(f.tabs.tabs.map(\.name) == ["B", "A", "C"])
    }

    /// Rule 26 through `ScreenAction.moveTab`.
    @Test func theFrontEndsMoveActionIsOneCustomizingSessionOnTheVisibleBar() {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        #expect(f.host.apply(.moveTab(from: 0, to: 1)))
        #expect(
            f.log.take() == [
                "willBeginCustomizing(A,B,C,D,E)",
                "willEndCustomizing(B,A,C,D,E, changed: true)",
                "didEndCustomizing(B,A,C,D,E, changed: true)",
            ])
        #expect(f.bar == ["B", "A*", "More"])
    }

    /// Rules 23 and 25: the More slot never moves.
    @Test(arguments: [(0, 2), (2, 1), (0, 9), (-1, 0)])
    func moveActionsTouchingMoreOrOutsideTheBarChangeNothing(from: Int, to: Int) {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        #expect(f.host.apply(.moveTab(from: from, to: to)) == false)
        #expect(f.log.take().isEmpty)
        #expect(f.bar == ["A*", "B", "More"])
    }

    /// Rule 25.
    @Test func aFixedTabIsNotMovedByTheFrontEnd() {
        let f = TabFixture(["A", "B"])
        f.tabs.tabs[1].isCustomizable = false
        #expect(f.host.apply(.moveTab(from: 0, to: 1)) == false)
        #expect(f.bar == ["A*", "B"])
    }
}
