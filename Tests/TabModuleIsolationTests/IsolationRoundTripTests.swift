import Foundation
import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// Every host API call crosses the process boundary: a real `.so` in `tabhost-module-host`,
/// its calls landing on the container model of this process.
@Suite(.serialized)
final class IsolationRoundTripTests {
    let setup: IsolatedHost
    var host: ContainerHost { setup.host }

    init() throws {
        setup = try IsolatedHost(
            modules: [("probe.so", HostAPIProbeModule.source), ("collectbar.so", IsolationModules.collectbar)],
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "a", "module": "probe", "param": "A"},
                    {"name": "b", "module": "probe", "param": "B"}
                ], "tabBarModule": {"module": "collectbar"}}}}
                """)
        try setup.fixture.write("pic.svg", text: "<svg/>")
        host.start()
    }

    @Test func theModuleRunsInAChildProcessAndRendersThere() throws {
        let pid = try #require(setup.childPID(of: "probe"))
        #expect(pid != getpid())
        #expect(
            setup.screen.content.nodes == [
                .section(title: "A"), .text("starts 1 ticks 0"), .row(ViewRow(title: "Row", detail: "detail", action: "row")),
                .button(label: "Button", action: "button"), .image(path: setup.fixture.path("pic.svg"), alt: "a picture"),
            ])
        // One child per module, shared by its instances.
        #expect(host.apply(.selectTab(1)))
        #expect(setup.screen.content.nodes.first == .section(title: "B"))
        #expect(setup.factory.childProcesses.map(\.module) == ["collectbar", "probe"])
    }

    /// tab_count and tab_item are answered while the child waits inside render; the strings of every
    /// item stay valid until that render returns (the bar reads them all before drawing any).
    @Test func aTabBarModuleReadsEveryItemFromInsideRender() {
        let labels = {
            (self.setup.screen.tabBar?.custom?.nodes ?? []).compactMap { node -> String? in
                if case .button(let label, _) = node { label } else { nil }
            }
        }
        #expect(labels() == ["*P Probe", "P Probe"])
        setup.activate("badge:7")
        #expect(labels() == ["*P Probe 7", "P Probe"])
    }

    @Test func notificationsReachTheModel() {
        setup.activate("title:Hello")
        #expect(setup.screen.title == "Hello")
        setup.activate("badge:3")
        #expect(setup.screen.tabBar?.items.map(\.badge) == ["3", nil])
        setup.activate("badge-clear")
        #expect(setup.screen.tabBar?.items.map(\.badge) == [nil, nil])
        setup.activate("log")
        #expect(setup.log.lines.contains("probe warning: hello from probe"))
    }

    /// push, present and add_tab return their results to the waiting module.
    @Test func synchronousCallsReturnTheirValuesToTheModule() {
        setup.activate("push-unknown")
        #expect(setup.log.lines.contains("probe info: push unknown returned 0"))
        setup.activate("push-own")
        #expect(setup.screen.content.nodes.first == .section(title: "own child"))
        setup.activate("pop")
        #expect(setup.screen.content.nodes.first == .section(title: "A"))
        setup.activate("present")
        #expect(setup.screen.isModal)
        setup.activate("dismiss")
        #expect(!setup.screen.isModal)
        setup.activate("addtab:first")
        #expect(setup.screen.tabBar?.items.count == 3)
        #expect(setup.screen.content.nodes.prefix(2) == [.section(title: "first"), .text("starts 1 ticks 0")])
    }

    /// Under ThreadSanitizer a thread the module starts in the child is one the runtime never saw (the
    /// child's -static-stdlib link hides TSan's pthread_create from the module) and crashes it:
    /// docs/contributing/tests.md, "Sanitizers". The thread case runs in every other build.
    static let tickActions = Sanitizers.thread ? ["tick"] : ["tick", "tick-thread"]

    @Test(arguments: tickActions)
    func aTickFromTheModulesThreadReachesTheHostsScheduler(action: String) {
        setup.activate(action)
        // The child's message arrives on the loop; the scheduler's pipe then wakes the host.
        #expect(setup.runLoop(until: { self.setup.runtime.ticks.nextDeadline != nil }))
        var wake = pollfd(fd: setup.runtime.ticks.wakeFileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&wake, 1, 5_000) == 1)
        #expect(setup.runtime.deliverDueTicks() == 1)
        #expect(setup.texts == ["starts 1 ticks 1"])
    }
}
