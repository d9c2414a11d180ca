import TabHostTesting
import Testing

@testable import TabModuleIsolation

/// With the scanner (as `tabhost run` and `tabhost list` use it), the cache remembers files that
/// crashed it: a crashing file costs one scanner child per change of the file, not one per start.
@Suite(.serialized)
struct MetadataCacheScannerTests {
    private func scanner(_ harness: MetadataCacheHarness) -> ModuleScanner {
        ModuleScanner(
            settings: IsolationSettings(
                sandbox: .off, hangTimeout: .milliseconds(300), killTimeout: .milliseconds(1500), snapshotInterval: .zero),
            hostOpensFiles: false, logger: harness.log.logger)
    }

    @Test func aFileThatCrashedTheScannerIsRefusedFromTheCacheUntilItChanges() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("good")
        try harness.compile("boom", extra: "__attribute__((constructor)) static void boom(void) { abort(); }")

        let first = scanner(harness)
        let (_, cold) = try harness.start(scanner: first)
        #expect(harness.entry(cold, "boom")?.error?.code == .crashedWhileLoading)
        #expect(first.statistics.scanned == 2)

        let second = scanner(harness)
        let (registry, warm) = try harness.start(scanner: second)
        let refusal = try #require(harness.entry(warm, "boom"))
        #expect(refusal.fromCache)
        #expect(refusal.error?.reason == "crashed the dynamic loader (SIGABRT) while loading")
        #expect(second.statistics.scanned == 0 && second.statistics.children == 0)
        // The cached module opens for its first tab from the cached descriptor: no scan either.
        let good = try #require(registry.module(named: "good"))
        #expect(!good.isOpenInProcess)
        #expect(second.statistics.children == 0)

        try harness.compile("boom", title: "Fixed")
        let third = scanner(harness)
        let (_, changed) = try harness.start(scanner: third)
        #expect(harness.entry(changed, "boom")?.info?.title == "Fixed")
        #expect(third.statistics.scanned == 1)
    }

    @Test func aCachedModuleOpensWithThePermissionsItAsksFor() throws {
        let harness = try MetadataCacheHarness()
        let source = ModuleSource(name: "asker").with("permissions", #""network read:~/notes""#)
        try harness.modules.compile("asker.so", source: source.text)
        _ = try harness.start(scanner: scanner(harness))
        let warm = scanner(harness)
        let (registry, _) = try harness.start(scanner: warm)
        // Opened from the cached descriptor (no scan): what it asks for must survive, or it would never be asked.
        let asker = try #require(registry.module(named: "asker"))
        #expect(warm.statistics.scanned == 0)
        #expect(asker.info.permissions == ["network", "read:~/notes"])
    }
}
