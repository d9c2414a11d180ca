import TabHostTesting
import TabKit
import Testing

/// Runtime changes: rules 28–32 of docs/container-rules.md (30 is the dynamic-tab call).
@Suite(.blocking)
struct MutationRulesTests {
    func withFactory(_ f: TabFixture) -> TableFactory {
        let factory = TableFactory(f.log, modules: ["clock", "notes"])
        f.host.factory = factory
        return factory
    }

    /// Rule 30: a new name makes, starts, appends and selects.
    @Test func addTabInstantiatesStartsAppendsThenSelects() throws {
        let f = TabFixture(["A", "B"])
        _ = withFactory(f)
        let tab = try f.tabs.addTab(name: "clock-utc", module: "clock", image: "/img/clock.png", param: "UTC")
        #expect(
            f.log.take() == [
                "make(clock)", "clock.start(UTC)", "clock.willMove(stack)", "clock.didMove(stack)", "clock.loaded",
                "clock.willAppear", "A.willDisappear", "A.didDisappear", "clock.didAppear",
            ])
        #expect(tab.name == "clock-utc" && tab.module == "clock" && tab.param == "UTC")
        #expect(f.bar == ["A", "B", "clock*"])
        #expect(f.host.screen.tabBar?.items[2].image == "/img/clock.png")
    }

    @Test func rule30AddTabWithAnExistingNameSelectsItAndStartsItAgain() throws {
        let f = TabFixture(["A", "B"])
        _ = withFactory(f)
        try f.tabs.addTab(name: "clock-utc", module: "clock", param: "UTC")
        f.tabs.select(index: 0)
        _ = f.log.take()
        let again = try f.tabs.addTab(name: "clock-utc", module: "clock", param: "PST")
        #expect(f.log.take() == ["clock.willAppear", "A.willDisappear", "A.didDisappear", "clock.didAppear", "clock.start(PST)"])
        #expect(f.tabs.tabs.count == 3)
        #expect(again === f.tabs.tabs[2])
        try f.tabs.addTab(name: "clock-utc", module: "clock", param: "CET")
        #expect(f.log.take() == ["clock.start(CET)"])
    }

    @Test func rule30AddTabForANeverShownLazyTabCreatesAndStartsItOnce() throws {
        let f = TabFixture(["A"])
        _ = withFactory(f)
        try f.tabs.append(Tab(name: "n", module: "notes", param: "old"))
        _ = f.log.take()
        try f.tabs.addTab(name: "n", module: "notes", param: "new")
        #expect(
            f.log.take() == [
                "make(notes)", "notes.willMove(stack)", "notes.didMove(stack)", "notes.start(new)", "notes.loaded",
                "notes.willAppear", "A.willDisappear", "A.didDisappear", "notes.didAppear",
            ])
    }

    /// Rule 30: an unknown module name.
    @Test func addTabWithAnUnknownModuleThrowsAndChangesNothing() {
        let f = TabFixture(["A"])
        _ = withFactory(f)
        #expect {
            try f.tabs.addTab(name: "x", module: "nope")
        } throws: { error in
            (error as? TabKitError)?.code == .unknownModule && "\(error)" == "unknown module \"nope\""
        }
        #expect(f.log.take() == [])
        #expect(f.tabs.tabs.count == 1)
    }

    @Test func rule30AppendingPastTheCapacitySendsTheNewTabToMore() throws {
        let f = TabFixture(["A", "B", "C"], capacity: 3)
        _ = withFactory(f)
        try f.host.addTab(name: "clock", module: "clock")
        #expect(f.bar == ["A", "B", "More*"])
        #expect(f.host.screen.title == "clock")
        #expect(f.host.screen.backLabel == "More")
    }

    /// Model decision: the removal runs in pop order; the new tab's root loads with its own willAppear.
    @Test func rule29RemovingTheSelectedTabSelectsTheSameIndexWithoutDidSelect() {
        let f = TabFixture(["A", "B", "C"])
        f.tabs.select(index: 1)
        _ = f.log.take()
        #expect(f.tabs.removeTab(named: "B"))
        #expect(
            f.log.take() == [
                "B.willMove(nil)", "C.willMove(stack)", "C.didMove(stack)", "B.willDisappear", "C.loaded", "C.willAppear",
                "B.didDisappear", "C.didAppear", "B.didMove(nil)",
            ])
        #expect(f.bar == ["A", "C*"])
    }

    @Test func rule29RemovingTheSelectedLastTabSelectsTheNewLast() {
        let f = TabFixture(["A", "B", "C"])
        f.tabs.select(index: 2)
        f.tabs.select(index: 1)
        f.tabs.select(index: 2)
        _ = f.log.take()
        f.tabs.removeTab(named: "C")
        #expect(
            f.log.take() == [
                "C.willMove(nil)", "C.willDisappear", "B.willAppear", "C.didDisappear", "B.didAppear", "C.didMove(nil)",
            ])
        #expect(f.bar == ["A", "B*"])
    }

    @Test func rule29RemovingAnotherTabKeepsTheSelectionWithoutAppearanceCalls() {
        let f = TabFixture(["A", "B", "C"])
        f.tabs.select(index: 2)
        _ = f.log.take()
        #expect(f.tabs.removeTab(named: "A"))
        #expect(f.log.take() == ["A.willMove(nil)", "A.didMove(nil)"])
        #expect(f.bar == ["B", "C*"])
        #expect(f.tabs.removeTab(named: "A") == false)
    }

    @Test func rule29RemovingTheOnlyTabLeavesNoSelection() {
        let f = TabFixture(["A"])
        f.tabs.removeTab(named: "A")
        #expect(f.log.take() == ["A.willMove(nil)", "A.willDisappear", "A.didDisappear", "A.didMove(nil)"])
        #expect(f.tabs.selectedIndex == nil)
        #expect(f.host.screen.tabBar?.items == [])
    }

    @Test(arguments: [
        (["A", "B", "C"], "B"),  // the old selection is still present
        (["X", "Y", "Z"], "Y"),  // else the same index
        (["X"], "X"),  // else 0
    ])
    func rule28SetTabsKeepsTheSelectionElseTheIndexElseZero(newNames: [String], expected: String) throws {
        let f = TabFixture(["A", "B", "C"])
        f.tabs.select(index: 1)
        let kept = Dictionary(uniqueKeysWithValues: f.tabs.tabs.map { ($0.name, $0) })
        try f.tabs.setTabs(newNames.map { kept[$0] ?? Tab(name: $0, controller: Rec($0, f.log)) })
        #expect(f.tabs.selectedTab?.name == expected)
        #expect(f.host.screen.title == expected)
    }

    @Test func rule28SetTabsRejectsDuplicateNames() {
        let f = TabFixture(["A"])
        #expect(throws: TabKitError(.duplicateName, "two tabs are named \"x\"; tab names must be unique")) {
            try f.tabs.setTabs([Tab(name: "x", module: "m"), Tab(name: "x", module: "m")])
        }
    }

    @Test(arguments: [
        (String?.none, String?.none),
        ("3", "3"),
        ("", ""),
        ("New!", "New!"),
        ("0", "0"),
    ])
    func rule31BadgesAreShownVerbatimAndNilHides(badge: String?, shown: String?) {
        let f = TabFixture(["A", "B", "C", "D"], capacity: 3)
        f.tabs.setBadge(badge, forTab: "B")
        f["A"].badge = badge
        f.tabs.setBadge(badge, forTab: "D")
        let items = f.host.screen.tabBar!.items
        #expect(items[0].badge == shown)
        #expect(items[1].badge == shown)
        f.host.apply(.selectTab(2))
        guard case .row(let row) = f.host.screen.content.nodes.last else {
            Issue.record("no More rows")
            return
        }
        #expect(row.title == "D" && row.badge == shown)
    }

    @Test func rule31AControllerSetsItsOwnTabsBadge() {
        let f = TabFixture(["A", "B"])
        f.tabs.selectedTab?.stack?.push(Rec("X", f.log))
        let x = f.tabs.selectedTab!.stack!.top!
        #expect(x.setTabBadge("7"))
        #expect(f.tabs.tab(named: "A")?.badge == "7")
        #expect(Rec("loose", f.log).setTabBadge("1") == false)
    }

    @Test func rule32TheTitleComesFromTheControllerUnlessOverridden() {
        let f = TabFixture(["A", "B"])
        f["A"].title = "Inbox"
        f.tabs.tabs[1].title = "Sent items"
        #expect(f.bar == ["Inbox*", "Sent items"])
        #expect(f.host.screen.title == "Inbox")
    }
}
