import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// `ModuleRegistry.defersCachedFileChecks`: a start takes the files the trusted cache knows without
/// their `stat` checks, notes them in `presumedFiles`, and `PresumedModuleFile.check` finds later what
/// the skipped checks would have found. A file the cache does not know is checked at once.
struct PresumedModuleFileTests {
    /// A start with the deferral: every known file comes from the cache unchecked, an unknown file is
    /// loaded as on any start. Without it (the control), the changed file is read again at once.
    @Test(arguments: [true, false])
    func knownFilesAreTakenUncheckedAndUnknownOnesCheckedAtOnce(defers: Bool) throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Alpha")
        try harness.compile("beta", title: "Beta")
        _ = try harness.start()
        try harness.compile("beta", title: "Beta two")
        try harness.modules.write("notes.so", text: "hello\n")

        let registry = try harness.registry()
        registry.defersCachedFileChecks = defers
        let entries = registry.load(directories: [ModuleDirectory(harness.modules.directory)])
        let presumed = registry.presumedFiles.map { ($0.path as NSString).lastPathComponent }
        #expect(presumed == (defers ? ["alpha.so", "beta.so"] : []))
        #expect(harness.entry(entries, "beta")?.fromCache == defers)
        #expect(registry.info(named: "beta")?.title == (defers ? "Beta" : "Beta two"))
        // Not in the cache: checked and refused now in both.
        #expect(harness.entry(entries, "notes")?.error?.code == .notELF)
        #expect(registry.takePresumedFiles().count == presumed.count)
        #expect(registry.presumedFiles.isEmpty)
    }

    /// A cache that is not trusted (`--rescan`) is not used for this either.
    @Test func anUntrustedCacheDefersNothing() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        _ = try harness.start()
        let registry = try harness.registry(trusted: false)
        registry.defersCachedFileChecks = true
        let entries = registry.load(directories: [ModuleDirectory(harness.modules.directory)])
        #expect(registry.presumedFiles.isEmpty)
        #expect(harness.entry(entries, "alpha")?.fromCache == false)
    }

    /// What each kind of later change looks like to the check.
    @Test func theCheckFindsEachChangeSinceTheCacheWasWritten() throws {
        let harness = try MetadataCacheHarness()
        for name in ["same", "rebuilt", "opened", "deleted"] { try harness.compile(name, title: "Old") }
        _ = try harness.start()
        let registry = try harness.registry()
        registry.defersCachedFileChecks = true
        registry.load(directories: [ModuleDirectory(harness.modules.directory)])
        let files = Dictionary(uniqueKeysWithValues: registry.presumedFiles.map { (($0.path as NSString).lastPathComponent, $0) })
        #expect(files.count == 4)
        try harness.compile("rebuilt", title: "New title")
        _ = chmod(harness.modules.path("opened.so"), 0o666)
        try FileManager.default.removeItem(atPath: harness.modules.path("deleted.so"))
        let options = registry.loader.options
        #expect(files["same.so"]?.check(options: options) == .unchanged)
        #expect(files["rebuilt.so"]?.check(options: options) == .changed)
        #expect(files["opened.so"]?.check(options: options) == .changed)
        #expect(files["deleted.so"]?.check(options: options) == .gone)
    }
}
