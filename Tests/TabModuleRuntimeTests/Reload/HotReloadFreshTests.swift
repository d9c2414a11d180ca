import Foundation
import TabKit
import Testing

@testable import TabModuleRuntime

/// A new version whose `restore_state` refuses the running version's state (a new state format)
/// is not refused: it starts fresh, as at a start, with one report, and the refused bytes are kept
/// on disk. In process and isolated (`TABHOST_TEST_ISOLATION=process`).
@Suite(.serialized)
struct HotReloadFreshTests {
    static let alpha = ReloadSource(name: "alpha")

    @Test func aNewVersionThatRefusesTheOldStateStartsFreshAndTheStateIsKept() throws {
        let h = try ReloadHarness(initial: [Self.alpha, ReloadSource(name: "beta")])
        let directory = h.fixture.path("state.json.refused")
        h.reloader.refusedStates = RefusedStateStore(directory: directory)
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 4)
        var v2 = Self.alpha
        v2.version = "2"
        v2.text = "new format"
        v2.restoreRefuses = true
        try h.install(v2)

        let reports = h.pump()
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.kind == .reloadedFresh)
        #expect(report.module == "alpha")
        #expect(
            report.message.hasPrefix("reloaded alpha v2 fresh: restore_state refused the old state; it is kept in \(directory)/alpha-1-"),
            "\(report.message)")
        #expect(report.message.hasSuffix(".state"))
        #expect(h.visibleText == "new format v2 count=0 param=-")
        #expect(h.badge("one") == nil)
        #expect(h.controllers("alpha").first?.reloadFailure == nil)
        #expect(h.reloader.refusals.isEmpty)
        #expect(h.registry.module(named: "alpha")?.info.version == "2")

        // The running version's bytes (its count, 4, as a C int), private to the user.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1)
        let path = directory + "/" + (files.first ?? "")
        #expect(report.message.contains(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(withUnsafeBytes(of: Int32(4).littleEndian, Array.init)))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)

        // The fresh version is the running one now: its state moves on to the next version.
        h.increment(visible, times: 2)
        var v3 = Self.alpha
        v3.version = "3"
        try h.install(v3)
        #expect(h.pump().map(\.message) == ["reloaded alpha v3"])
        #expect(h.visibleText == "hello v3 count=2 param=-")
    }

    /// Control: a version whose `create` fails is still refused, the old one kept with its state.
    @Test func aNewVersionWhoseCreateFailsIsStillRefused() throws {
        let h = try ReloadHarness(initial: [Self.alpha, ReloadSource(name: "beta")])
        let directory = h.fixture.path("refused")
        h.reloader.refusedStates = RefusedStateStore(directory: directory)
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 4)
        var bad = Self.alpha
        bad.version = "2"
        bad.createReturnsNull = true
        bad.restoreRefuses = true
        try h.install(bad)
        let reports = h.pump()
        #expect(reports.map(\.kind) == [.refused])
        #expect(reports.first?.message.contains("create() returned NULL") == true)
        #expect(h.visibleText == "hello v1 count=4 param=-")
        #expect(h.badge("one") == "!")
        #expect(access(directory, F_OK) != 0)
    }

    /// Without a state file, refused states go beside the module data root, never inside it.
    @Test(arguments: [
        ("/home/u/.local/share/tabhost/data", "/home/u/.local/share/tabhost/refused-state"),
        ("/data", "/refused-state"), ("/srv//tabhost/data/", "/srv/tabhost/refused-state"),
    ])
    func refusedStatesWithoutAStateFileGoBesideTheDataRoot(root: String, expected: String) {
        #expect(RefusedStateStore.beside(dataDirectory: ModuleDataDirectory(root: root)).directory == expected)
    }

    /// Without a place to keep it the reload still goes on, and says the state was not kept.
    @Test func withoutADirectoryTheReportSaysTheStateWasNotKept() throws {
        let h = try ReloadHarness(initial: [Self.alpha, ReloadSource(name: "beta")])
        h.reloader.refusedStates = nil
        h.increment(h.container.tabs[0].stack!.root!, times: 1)
        var v2 = Self.alpha
        v2.version = "2"
        v2.restoreRefuses = true
        try h.install(v2)
        #expect(
            h.pump().map(\.message) == [
                "reloaded alpha v2 fresh: restore_state refused the old state; it was not kept (no directory for refused states)"
            ])
    }
}
