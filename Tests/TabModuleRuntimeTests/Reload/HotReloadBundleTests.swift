import Foundation
import TabHostTesting
import TabKit
import Testing

@testable import TabModuleRuntime

/// Installed bundles reaching a running host as the installer places them: a bundle directory renamed
/// in adds its tab, an update exchanged in reloads it with its state, a removal removes it.
@Suite(.serialized)
struct HotReloadBundleTests {
    /// Compiles `source` and stages it as the bundle `name` in the harness's module directory.
    private func stage(_ h: ReloadHarness, _ source: ReloadSource) throws -> String {
        let built = try h.fixture.compile("build/\(source.name)-v\(source.version).so", source: source.source)
        return try InstalledBundleSteps.stage(
            name: source.name, version: "\(source.version).0.0", in: h.modules, files: ["\(source.name).so": built])
    }

    @Test func installedThenUpdatedThenRemovedBundleIsATabReloadedWithItsStateThenGone() throws {
        let h = try ReloadHarness(initial: [ReloadSource(name: "alpha")], tabs: [("one", "alpha")])
        let v1 = ReloadSource(name: "hello")
        try InstalledBundleSteps.placeFirst(stage(h, v1), name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["added hello v1"])
        #expect(h.container.tabs.map(\.name) == ["one", "hello"])
        #expect(h.container.selectedTab?.name == "hello")
        #expect(h.visibleText == "hello v1 count=0 param=-")
        let visible = try #require(h.container.tabs[1].stack?.root)
        h.increment(visible, times: 3)

        var v2 = v1
        v2.version = "2"
        v2.text = "bonjour"
        try InstalledBundleSteps.placeUpdate(stage(h, v2), name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["reloaded hello v2"])
        #expect(h.visibleText == "bonjour v2 count=3 param=-")
        #expect(h.container.tabs[1].stack?.root === visible)
        #expect(h.registry.module(named: "hello")?.info.sourcePath == "\(h.modules)/hello/hello.so")

        // Rollback is an exchange too: the previous version comes back with the state.
        try InstalledBundleSteps.exchange("\(h.modules)/.hello.previous", "\(h.modules)/hello")
        #expect(h.pump().map(\.message) == ["reloaded hello v1"])
        #expect(h.visibleText == "hello v1 count=3 param=-")

        try InstalledBundleSteps.remove(name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["removed hello"])
        #expect(h.container.tabs.map(\.name) == ["one"])
        #expect(h.watcher.drain() == [])
    }

    @Test func aBundleWhoseModuleIsRefusedKeepsTheOldVersionRunning() throws {
        let h = try ReloadHarness(initial: [ReloadSource(name: "alpha")], tabs: [("one", "alpha")])
        try InstalledBundleSteps.placeFirst(stage(h, ReloadSource(name: "hello")), name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["added hello v1"])
        var bad = ReloadSource(name: "hello")
        bad.version = "2"
        bad.magic = "0x1234"
        try InstalledBundleSteps.placeUpdate(stage(h, bad), name: "hello", in: h.modules)
        let reports = h.pump()
        #expect(reports.map(\.kind) == [.refused])
        #expect(reports.first?.message.hasPrefix("reload of hello refused, old version kept: \(h.modules)/hello/hello.so:") == true)
        #expect(h.visibleText == "hello v1 count=0 param=-")
    }
}
