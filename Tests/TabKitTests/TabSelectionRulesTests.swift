import TabHostTesting
import TabKit
import Testing

/// Tab selection: rules 6, 7, 13, 15–20, 33, 35 of docs/container-rules.md.
@Suite(.blocking)
struct TabSelectionRulesTests {
    @Test func rule33AtLaunchOnlyTheSelectedTabLoads() {
        let f = TabFixture(["A", "B", "C"], start: false)
        f.host.start()
        #expect(
            f.log.take() == [
                "tabs.loaded", "tabs.willAppear", "A.willMove(stack)", "A.didMove(stack)", "A.loaded", "A.willAppear",
                "tabs.didAppear", "A.didAppear",
            ])
        #expect(!f["B"].context.isLoaded && !f["C"].context.isLoaded)
        #expect(f.tabs.tabs[1].stack == nil)
    }

    @Test func rule7And18TapSwitchesInUIKitOrderLoadingOnlyTheFirstTime() {
        let f = TabFixture(["A", "B", "C"])
        #expect(f.tabs.tap(slot: 1))
        #expect(
            f.log.take() == [
                "shouldSelect(B)", "B.willMove(stack)", "B.didMove(stack)", "B.loaded", "B.willAppear", "A.willDisappear",
                "A.didDisappear", "B.didAppear", "didSelect(B)",
            ])
        #expect(f.tabs.tap(slot: 0))
        #expect(
            f.log.take() == [
                "shouldSelect(A)", "A.willAppear", "B.willDisappear", "B.didDisappear", "A.didAppear", "didSelect(A)",
            ])
        #expect(f.bar == ["A*", "B", "C"])
        #expect(f["A"].cycleViolations.isEmpty && f["B"].cycleViolations.isEmpty)
    }

    @Test func rule13TheFirstTabsAssignedSelectIndexZero() throws {
        let empty = TabContainer()
        #expect(empty.selectedIndex == nil)
        #expect(empty.selectedTab == nil)
        try empty.append(Tab(name: "x", controller: Rec("X", Log())))
        #expect(empty.selectedIndex == 0)
        #expect(TabContainer(tabs: [Tab(name: "y", module: "y")]).selectedIndex == 0)
    }

    @Test func rule15ProgrammaticSelectionFiresNoDelegateCalls() {
        let f = TabFixture(["A", "B", "C"])
        #expect(f.tabs.select(name: "C"))
        #expect(
            f.log.take() == [
                "C.willMove(stack)", "C.didMove(stack)", "C.loaded", "C.willAppear", "A.willDisappear", "A.didDisappear",
                "C.didAppear",
            ])
        #expect(f.tabs.select(index: 0))
        #expect(f.log.take() == ["A.willAppear", "C.willDisappear", "C.didDisappear", "A.didAppear"])
    }

    enum BadSelection: CustomStringConvertible {
        case index(Int)
        case name(String)
        case slot(Int)
        var description: String {
            switch self {
            case .index(let i): "index \(i)"
            case .name(let n): "name \(n)"
            case .slot(let s): "slot \(s)"
            }
        }
    }

    @Test(arguments: [BadSelection.index(3), .index(-1), .name("nope"), .slot(3), .slot(-1)])
    func rule16OutOfRangeOrUnknownSelectionChangesNothing(selection: BadSelection) {
        let f = TabFixture(["A", "B", "C"])
        let applied =
            switch selection {
            case .index(let i): f.tabs.select(index: i)
            case .name(let n): f.tabs.select(name: n)
            case .slot(let s): f.host.apply(.selectTab(s))
            }
        #expect(applied == false)
        #expect(f.log.take() == [])
        #expect(f.tabs.selectedIndex == 0)
    }

    @Test func rule17AVetoMeansNoSwitchAndNoDidSelect() {
        let f = TabFixture(["A", "B"])
        f.delegate.vetoed = [.tab(name: "B", index: 1)]
        #expect(f.host.apply(.selectTab(1)) == false)
        #expect(f.log.take() == ["shouldSelect(B)"])
        #expect(f.bar == ["A*", "B"])
    }

    @Test func rule19ReTapPopsToRootBetweenShouldSelectAndDidSelect() {
        let f = TabFixture(["A", "B"])
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        _ = f.log.take()
        #expect(f.host.apply(.selectTab(0)))
        #expect(
            f.log.take() == [
                "shouldSelect(A)", "X.willMove(nil)", "X.willDisappear", "A.willAppear", "X.didDisappear", "A.didAppear",
                "X.didMove(nil)", "didSelect(A)",
            ])
    }

    @Test func rule19AVetoedReTapDoesNotPop() {
        let f = TabFixture(["A", "B"])
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        _ = f.log.take()
        f.delegate.vetoed = [.tab(name: "A", index: 0)]
        f.host.apply(.selectTab(0))
        #expect(f.log.take() == ["shouldSelect(A)"])
        #expect(f.tabs.selectedTab?.stack?.stack.count == 2)
    }

    @Test func rule19ReTapPopToRootIsConfigurable() {
        let f = TabFixture(["A", "B"])
        f.tabs.popsToRootOnReselect = false
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        _ = f.log.take()
        f.host.apply(.selectTab(0))
        #expect(f.log.take() == ["shouldSelect(A)", "didSelect(A)"])
        #expect(f.tabs.selectedTab?.stack?.stack.count == 2)
    }

    @Test func rule20ReTapAtTheRootIsANoOpApartFromTheDelegate() {
        let f = TabFixture(["A", "B"])
        f.host.apply(.selectTab(0))
        #expect(f.log.take() == ["shouldSelect(A)", "didSelect(A)"])
    }

    @Test func rule35And6EachTabKeepsItsStackAndOnlyTheVisibleChainGetsCalls() {
        let f = TabFixture(["A", "B", "C"])
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        _ = f.log.take()
        f.tabs.select(index: 1)
        #expect(
            f.log.take() == [
                "B.willMove(stack)", "B.didMove(stack)", "B.loaded", "B.willAppear", "X.willDisappear", "X.didDisappear",
                "B.didAppear",
            ])
        f.tabs.select(index: 0)
        #expect(f.log.take() == ["X.willAppear", "B.willDisappear", "B.didDisappear", "X.didAppear"])
        #expect(f.tabs.tabs[0].stack?.stack.count == 2)
        #expect(f.host.screen.title == "X")
        #expect(f.host.screen.backLabel == "A")
        #expect(f["A"].cycleViolations.isEmpty)
    }
}
