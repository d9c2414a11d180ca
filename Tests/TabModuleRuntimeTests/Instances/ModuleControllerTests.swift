import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The host API as a module uses it: each call from a real `.so` lands on the container model.
@Suite(.serialized, .blocking)
final class ModuleControllerTests {
    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }
    var runtime: ModuleRuntime { setup.runtime }
    var fixture: Fixture { setup.fixture }
    /// Module log lines as "MODULE LEVEL: MESSAGE".
    var logs: [String] { setup.log.lines }

    init() throws {
        setup = try ModuleHostFixture(
            file: "probe.so", source: HostAPIProbeModule.source,
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "a", "module": "probe", "param": "A"},
                    {"name": "b", "module": "probe", "param": "B"}
                ]}}}
                """, modules: ["probe"])
        try fixture.write("pic.svg", text: "<svg/>")
        host.start()
    }

    /// Delivers an action to the visible module directly (the front end only sends ids a render offers;
    /// these test ids are deliberately not on screen).
    private func activate(_ action: String) {
        host.visibleController.handle(.action(action))
    }

    private var texts: [String] {
        host.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    @Test func rendersTheModulesViewWithItsParamAndResolvedImage() throws {
        let nodes = host.screen.content.nodes
        #expect(
            nodes == [
                .section(title: "A"), .text("starts 1 ticks 0"), .row(ViewRow(title: "Row", detail: "detail", action: "row")),
                .button(label: "Button", action: "button"), .image(path: fixture.path("pic.svg"), alt: "a picture"),
            ])
        #expect(host.screen.tabBar?.items.map(\.title) == ["Probe", "Probe"])
        #expect(host.screen.tabBar?.items.map(\.glyph) == ["P", "P"])
    }

    /// Rules 31 and 32 (docs/container-rules.md).
    @Test func setTitleAndBadgeReachTheTitleBarAndTheTabItem() {
        activate("title:Hello")
        #expect(host.screen.title == "Hello")
        #expect(host.screen.tabBar?.items.map(\.title) == ["Hello", "Probe"])  // like UIKit's title
        activate("badge:3")
        #expect(host.screen.tabBar?.items.map(\.badge) == ["3", nil])
        activate("badge-clear")
        #expect(host.screen.tabBar?.items.map(\.badge) == [nil, nil])
    }

    /// Rules 36 and 40.
    @Test func pushOntoTheOwnStackKeepsTheBarAndPopReturns() {
        activate("push-own")
        #expect(host.screen.content.nodes.first == .section(title: "own child"))
        #expect(host.screen.backLabel == "Probe")
        #expect(host.screen.tabBar != nil)
        activate("pop")
        #expect(host.screen.content.nodes.first == .section(title: "A"))
        #expect(host.screen.backLabel == nil)
    }

    /// Rules 37 and 40.
    @Test func pushOntoTheApplicationStackCoversTheBar() {
        activate("push-app")
        #expect(host.screen.content.nodes.first == .section(title: "app child"))
        #expect(host.screen.tabBar == nil)
        #expect(host.apply(.back))
        #expect(host.screen.tabBar != nil)
        #expect(host.screen.content.nodes.first == .section(title: "A"))
    }

    @Test func pushingAnUnknownModuleFailsAndIsLoggedNotFatal() {
        activate("push-unknown")
        #expect(logs.contains("probe info: push unknown returned 0"))
        #expect(logs.contains { $0.hasPrefix("probe warning: push nope:") && $0.contains("no module named \"nope\"") })
        #expect(host.screen.content.nodes.first == .section(title: "A"))
    }

    /// Rule 12.
    @Test func presentShowsAModalAndDismissBringsTheBarBack() {
        activate("present")
        #expect(host.screen.isModal)
        #expect(host.screen.tabBar == nil)
        #expect(host.screen.content.nodes.first == .section(title: "modal"))
        activate("dismiss")
        #expect(!host.screen.isModal)
        #expect(host.screen.tabBar?.items.count == 2)
    }

    /// Rule 30.
    @Test func addTabAddsOnceThenReselectsAndRestartsWithTheNewParam() {
        activate("addtab:first")
        #expect(host.screen.tabBar?.items.count == 3)
        #expect(host.screen.tabBar?.items.last?.isSelected == true)
        #expect(host.screen.content.nodes.prefix(2) == [.section(title: "first"), .text("starts 1 ticks 0")])
        #expect(host.apply(.selectTab(0)))
        activate("addtab:second")
        #expect(host.screen.tabBar?.items.count == 3)
        #expect(host.screen.tabBar?.items.last?.isSelected == true)
        #expect(host.screen.content.nodes.prefix(2) == [.section(title: "second"), .text("starts 2 ticks 0")])
    }

    @Test(arguments: ["tick", "tick-thread"])
    func aScheduledTickArrivesOnTheMainLoopAndInvalidates(action: String) throws {
        activate(action)
        #expect(texts == ["starts 1 ticks 0"])
        // The request woke the pipe; deliver it as the run loop would.
        var pollDescriptor = pollfd(fd: runtime.ticks.wakeFileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollDescriptor, 1, 5_000) == 1)
        host.needsRender = false
        #expect(runtime.deliverDueTicks() == 1)
        #expect(host.needsRender)
        #expect(texts == ["starts 1 ticks 1"])
        #expect(runtime.deliverDueTicks() == 0)
    }

    @Test func logLinesGoToTheRuntimesHandler() {
        activate("log")
        #expect(logs == ["probe warning: hello from probe"])
    }

    /// Rule 33.
    @Test func tabsAreCreatedLazilyOnFirstShow() {
        #expect(runtime.controllers.count == 1)
        #expect(host.apply(.selectTab(1)))
        #expect(runtime.controllers.count == 2)
        #expect(host.screen.content.nodes.first == .section(title: "B"))
    }
}
