import TabHostTesting
import TabKit
import Testing

/// What a module's calls may open at once: a stack of `ContainerHost.maximumStackScreens` screens,
/// `ContainerHost.maximumModals` modals, `TabContainer.maximumAddedTabs` tabs, and
/// `ContainerHost.maximumWaitingAlerts` alerts of one module. A module calling `push`, `add_tab` or
/// `alert` in a loop made the host keep (and tear down at quit) every screen it asked for: seconds to
/// quit and memory without end. Past each limit the call is refused and what is open stays as it was.
@Suite(.blocking)
struct ScreenCountLimitTests {
    @Test func pushesPastTheLimitAreRefusedAndTheStackKeepsItsScreens() throws {
        let log = Log()
        let stack = NavigationController(root: Rec("root", log))
        let host = ContainerHost(root: stack, factory: TableFactory(log, modules: ["detail"]))
        host.start()
        for _ in 1..<ContainerHost.maximumStackScreens { try host.push(module: "detail", param: nil) }
        #expect(stack.stack.count == ContainerHost.maximumStackScreens)
        #expect(throws: TabKitError.self) { try host.push(module: "detail", param: nil) }
        #expect(stack.stack.count == ContainerHost.maximumStackScreens)
        // A pop makes room again.
        stack.pop()
        try host.push(module: "detail", param: nil)
        #expect(stack.stack.count == ContainerHost.maximumStackScreens)
    }

    @Test func presentsPastTheLimitAreRefused() throws {
        let f = TabFixture(["A"])
        f.host.factory = TableFactory(f.log, modules: ["compose"])
        for _ in 0..<ContainerHost.maximumModals { try f.host.present(module: "compose", param: nil) }
        let error = #expect(throws: TabKitError.self) { try f.host.present(module: "compose", param: nil) }
        #expect(error?.code == .tooLarge)
        #expect(f.host.modals.count == ContainerHost.maximumModals)
        #expect(f.host.dismiss())
        try f.host.present(module: "compose", param: nil)
    }

    @Test func newTabsPastTheLimitAreRefusedAndAnExistingNameStillSelects() throws {
        let f = TabFixture(["A", "B"])
        f.host.factory = TableFactory(f.log, modules: ["clock"])
        for index in 2..<TabContainer.maximumAddedTabs { try f.tabs.addTab(name: "clock-\(index)", module: "clock") }
        #expect(f.tabs.tabs.count == TabContainer.maximumAddedTabs)
        let error = #expect(throws: TabKitError.self) { try f.tabs.addTab(name: "one-more", module: "clock") }
        #expect(error?.description == "cannot add tab \"one-more\": the tab bar holds 64 tabs already (remove some first)")
        #expect(f.tabs.tabs.count == TabContainer.maximumAddedTabs)
        try f.tabs.addTab(name: "A", module: "clock")
        #expect(f.tabs.selectedTab?.name == "A")
    }

    @Test func alertsOfOneModulePastTheLimitAreRefusedAndTheFirstStillShows() throws {
        let f = TabFixture(["A", "B"])
        f["A"].context.module = "flood"
        f["B"].context.module = "calm"
        f.host.apply(.selectTab(1))
        f.host.apply(.selectTab(0))
        for index in 0..<ContainerHost.maximumWaitingAlerts {
            try f.host.showAlert(ScreenAlert(id: "a\(index)", title: "Alert \(index)", buttons: ["OK"]), from: f["A"])
        }
        for index in ContainerHost.maximumWaitingAlerts..<(ContainerHost.maximumWaitingAlerts + 5) {
            let refusal = #expect(throws: TabKitError.self) {
                try f.host.showAlert(ScreenAlert(id: "a\(index)", title: "Alert \(index)", buttons: ["OK"]), from: f["A"])
            }
            #expect(refusal?.code == .tooLarge)
            let line = "alert \"a\(index)\" dropped: 8 of this module's alerts are shown or waiting (wait for their answers)"
            #expect(refusal?.description == line)
        }
        #expect(f.host.alertsAreFull(for: f["A"]) && !f.host.alertsAreFull(for: f["B"]))
        // Another module's alert still waits its turn.
        try f.host.showAlert(ScreenAlert(id: "b", title: "Calm", buttons: ["OK"]), from: f["B"])
        var shown: [String] = []
        while let alert = f.host.screen.alert, shown.count < 20 {
            shown.append(alert.id)
            #expect(f.host.apply(.answerAlert(id: alert.id, button: "OK")))
        }
        #expect(shown == (0..<ContainerHost.maximumWaitingAlerts).map { "a\($0)" } + ["b"])
    }
}
