import Foundation
import TabHostTesting
import TabKit
import Testing

@testable import TabModuleRuntime

/// A deleted module file's tabs stay for `HotReloader.removalGrace`: a build that deletes its output
/// first (`make clean && make`) or a module directory renamed away and back keeps the tabs and their
/// state; a file that stays away is removed once the grace has passed; an installed bundle removed goes at once.
@Suite(.serialized)
struct HotReloadRemovalGraceTests {
    static let alpha = ReloadSource(name: "alpha")
    static let beta = ReloadSource(name: "beta")

    private func harness(grace: Duration) throws -> ReloadHarness {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        h.reloader.removalGrace = grace
        return h
    }

    @Test func aFileDeletedAndRebuiltWithinTheGraceReloadsWithItsState() throws {
        let h = try harness(grace: .seconds(30))
        h.increment(h.container.tabs[0].stack!.root!, times: 3)
        #expect(unlink(h.modules + "/alpha.so") == 0)
        let departing = h.pump()
        #expect(departing.map(\.kind) == [.departing])
        #expect(departing.map(\.message) == ["alpha.so was deleted: alpha's tabs close in 30 s unless the file comes back"])
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
        #expect(h.visibleText == "hello v1 count=3 param=-")
        #expect(h.reloader.nextDeparture != nil)

        var v2 = Self.alpha
        v2.version = "2"
        v2.text = "bonjour"
        try h.install(v2)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(h.visibleText == "bonjour v2 count=3 param=-")
        #expect(h.reloader.nextDeparture == nil)
        #expect(h.reloader.removeDeparted(now: .now + .seconds(60)).isEmpty)
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
    }

    @Test func aFileThatStaysAwayIsRemovedOnceTheGraceHasPassed() throws {
        let h = try harness(grace: .seconds(30))
        #expect(unlink(h.modules + "/beta.so") == 0)
        #expect(h.pump().map(\.kind) == [.departing])
        let deadline = try #require(h.reloader.nextDeparture)
        #expect(h.reloader.removeDeparted(now: deadline - .milliseconds(1)).isEmpty)
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
        #expect(h.reloader.removeDeparted(now: deadline).map(\.message) == ["removed beta"])
        #expect(h.container.tabs.map(\.name) == ["one"])
        #expect(h.registry.module(named: "beta") == nil)
        #expect(h.reloader.nextDeparture == nil)
    }

    /// The directory renamed away and back: the same files, so nothing reloads and nothing is lost, and
    /// the directory is watched again (a later change reloads).
    @Test func aModuleDirectoryRenamedAwayAndBackKeepsItsTabsAndIsWatchedAgain() throws {
        let h = try harness(grace: .seconds(30))
        let visible = try #require(h.container.tabs[0].stack?.root)
        h.increment(visible, times: 2)
        let away = h.modules + ".away"
        #expect(rename(h.modules, away) == 0)
        let gone = h.pump()
        #expect(gone.map(\.kind) == [.departing, .departing, .refused])
        #expect(gone.last?.message == "\(h.modules): directory was moved away; it is watched again when it comes back")
        #expect(rename(away, h.modules) == 0)
        #expect(h.pump().map(\.message) == ["alpha is back; its tabs stay", "beta is back; its tabs stay"])
        #expect(h.reloader.nextDeparture == nil)
        #expect(h.reloader.refusals.isEmpty)
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
        #expect(h.container.tabs[0].stack?.root === visible)
        #expect(h.visibleText == "hello v1 count=2 param=-")

        var v2 = Self.alpha
        v2.version = "2"
        try h.install(v2)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(h.visibleText == "hello v2 count=2 param=-")
    }

    /// An installed bundle taken out of a directory that is still there (`tabhost remove`) is a removal
    /// the user asked for: its tab goes at once, grace or not.
    @Test func aRemovedBundleGoesAtOnce() throws {
        let h = try harness(grace: .seconds(30))
        let built = try h.fixture.compile("build/hello.so", source: ReloadSource(name: "hello").source)
        let staged = try InstalledBundleSteps.stage(name: "hello", version: "1.0.0", in: h.modules, files: ["hello.so": built])
        try InstalledBundleSteps.placeFirst(staged, name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["added hello v1"])
        try InstalledBundleSteps.remove(name: "hello", in: h.modules)
        #expect(h.pump().map(\.message) == ["removed hello"])
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
    }

    /// A rebuild declaring another name closes the old name's tabs, and says so.
    @Test func aRebuildDeclaringAnotherNameSaysTheOldTabsClosed() throws {
        let h = try harness(grace: .seconds(30))
        var renamed = Self.beta
        renamed.name = "gamma"
        try h.install(renamed, as: "beta.so")
        #expect(
            h.pump().map(\.message) == ["beta.so now declares gamma, not beta: beta's tabs closed; added gamma v1"])
        #expect(h.container.tabs.map(\.module) == ["alpha", "gamma"])
    }
}
