import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// The metadata cache as successive starts see it: known files are not opened, changed ones are,
/// and nothing the cache says outlives the file it describes.
struct ModuleMetadataCacheTests {
    /// `threaded`: the cache read on its own thread, joined once the directory is listed (`tabhost run`).
    @Test(arguments: [false, true])
    func aSecondStartListsFromTheCacheAndOpensNothing(threaded: Bool) throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Alpha")
        try harness.modules.write("notes.so", text: "hello\n")
        let (first, cold) = try harness.start(threaded: threaded)
        #expect(cold.allSatisfy { !$0.fromCache })
        #expect(first.modules.map(\.name) == ["alpha"])

        let (second, warm) = try harness.start(threaded: threaded)
        #expect(warm.allSatisfy { $0.fromCache })
        #expect(warm.map(\.info?.title) == ["Alpha", nil])
        #expect(warm.map(\.error?.code) == [nil, .notELF])
        #expect(second.modules.isEmpty, "nothing opened")
        #expect(second.infos.map(\.name) == ["alpha"])
        #expect(second.metadataCache?.statistics.hits == 2)
        // First use opens it, checked afresh.
        let alpha = try #require(second.module(named: "alpha"))
        #expect(alpha.info.title == "Alpha")
        #expect(second.modules.map(\.name) == ["alpha"])
    }

    /// A module with every function ABI 1.3 has (`list_row` too) is listed from the cache like any other,
    /// and the cache is not discarded for holding it.
    @Test func aModuleWithAListRowIsListedFromTheCache() throws {
        let harness = try MetadataCacheHarness()
        try harness.modules.compile("lazy.so", source: ModuleSource(name: "lazy").with("list_row", "list_row").text)
        let (_, cold) = try harness.start()
        #expect(cold.first?.info?.functions.contains(.listRow) == true)
        let (second, warm) = try harness.start()
        #expect(warm.map(\.fromCache) == [true])
        #expect(warm.first?.info?.functions.contains(.listRow) == true)
        #expect(second.metadataCache?.statistics.hits == 1)
        #expect(!harness.log.entries.contains { $0.message.description.contains("discarded") })
    }

    @Test func aRebuiltFileIsReadAgain() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Old")
        _ = try harness.start()
        try harness.compile("alpha", title: "New title")
        let (registry, entries) = try harness.start()
        #expect(harness.entry(entries, "alpha")?.fromCache == false)
        #expect(registry.info(named: "alpha")?.title == "New title")
        let (_, again) = try harness.start()
        #expect(harness.entry(again, "alpha")?.fromCache == true)
        #expect(harness.entry(again, "alpha")?.info?.title == "New title")
    }

    @Test func aFileBrokenAfterCachingIsRefusedNotListedAsItsOldSelf() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        _ = try harness.start()
        try harness.modules.write("alpha.so", bytes: Array("garbage now\n".utf8), mode: 0o755)
        let (registry, entries) = try harness.start()
        #expect(harness.entry(entries, "alpha")?.error?.code == .notELF)
        #expect(registry.infos.isEmpty)
        #expect(registry.module(named: "alpha") == nil)
        // The refusal is cached too: the next start repeats it without reading the file.
        let (_, again) = try harness.start()
        #expect(harness.entry(again, "alpha")?.fromCache == true)
        #expect(harness.entry(again, "alpha")?.error?.code == .notELF)
    }

    @Test func aRepairedFileIsAcceptedAgain() throws {
        let harness = try MetadataCacheHarness()
        try harness.modules.write("alpha.so", bytes: Array("not yet\n".utf8), mode: 0o755)
        let (_, broken) = try harness.start()
        #expect(harness.entry(broken, "alpha")?.error?.code == .notELF)
        try FileManager.default.removeItem(atPath: harness.modules.path("alpha.so"))
        try harness.compile("alpha", title: "Repaired")
        let (registry, entries) = try harness.start()
        #expect(harness.entry(entries, "alpha")?.error == nil)
        #expect(registry.info(named: "alpha")?.title == "Repaired")
    }

    /// A directory past `ModuleRegistry.parallelStatThreshold` files has half of its `stat` checks made
    /// on another thread: the entries keep the listing's order, and a refusal in either half is found.
    @Test(arguments: [2, ModuleRegistry.parallelStatThreshold + 44])
    func everyFileOfALargeDirectoryIsCheckedInOrder(count: Int) throws {
        let harness = try MetadataCacheHarness()
        // One build, its name patched per file (same length), so that each file is a module of its own.
        let built = try Data(contentsOf: URL(fileURLWithPath: try harness.compile("mzzzz", file: "build")))
        try FileManager.default.removeItem(atPath: harness.modules.path("build.so"))
        let names = (0..<count).map { String(format: "m%04d", $0) }
        for name in names {
            var bytes = [UInt8](built)
            let from = Array("mzzzz".utf8)
            var index = 0
            while let found = bytes[index...].firstRange(of: from) {
                bytes.replaceSubrange(found, with: Array(name.utf8))
                index = found.upperBound
            }
            try Data(bytes).write(to: URL(fileURLWithPath: harness.modules.path(name + ".so")))
            #expect(chmod(harness.modules.path(name + ".so"), 0o755) == 0)
        }
        let (_, cold) = try harness.start()
        #expect(cold.map(\.info?.name) == names.map { $0 })
        let refused = names[count - 2]
        #expect(chmod(harness.modules.path(refused + ".so"), 0o777) == 0)
        let (registry, warm) = try harness.start()
        #expect(warm.map(\.path) == cold.map(\.path))
        #expect(warm.allSatisfy { $0.fromCache || $0.path == harness.modules.path(refused + ".so") })
        #expect(warm.map(\.info?.name) == names.map { $0 == refused ? nil : $0 })
        #expect(harness.entry(warm, refused)?.error?.code == .insecurePermissions)
        #expect(registry.infos.count == count - 1)
    }

    @Test func permissionsAreCheckedOnEveryStartNeverTakenFromTheCache() throws {
        let harness = try MetadataCacheHarness()
        let file = try harness.compile("alpha")
        _ = try harness.start()
        #expect(chmod(file, 0o777) == 0)
        let (registry, entries) = try harness.start()
        let error = try #require(harness.entry(entries, "alpha")?.error)
        #expect(error.code == .insecurePermissions)
        #expect(error.reason == "writable by everyone (mode 777), so another user could replace it")
        #expect(registry.infos.isEmpty)
        #expect(chmod(file, 0o755) == 0)
        let (_, fixed) = try harness.start()
        #expect(harness.entry(fixed, "alpha")?.info?.name == "alpha")
    }

    /// The directory's mode too: checked on the descriptor the registry opens for its files' `fstatat`s.
    @Test func aDirectoryMadeWorldWritableRefusesItsCachedFiles() throws {
        let harness = try MetadataCacheHarness()
        let file = try harness.compile("alpha")
        _ = try harness.start()
        #expect(chmod(harness.modules.directory, 0o777) == 0)
        let (registry, entries) = try harness.start()
        let error = try #require(harness.entry(entries, "alpha")?.error)
        #expect(error.code == .insecurePermissions)
        #expect(error.path == file)
        #expect(error.reason.hasPrefix("its directory \(harness.modules.directory) is writable by everyone (mode 777)"))
        #expect(registry.infos.isEmpty)
        #expect(chmod(harness.modules.directory, 0o700) == 0)
        let (_, fixed) = try harness.start()
        #expect(harness.entry(fixed, "alpha")?.info?.name == "alpha")
    }

    @Test func aDeletedFileIsNotListedAndLeavesTheCache() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        try harness.compile("beta")
        _ = try harness.start()
        try FileManager.default.removeItem(atPath: harness.modules.path("beta.so"))
        let (registry, entries) = try harness.start()
        #expect(entries.map(\.path) == [harness.modules.path("alpha.so")])
        #expect(registry.infos.map(\.name) == ["alpha"])
        let file = try #require(try ModuleMetadataCache.read(harness.cachePath))
        #expect(file.entries.map(\.path) == [harness.modules.path("alpha.so")])
    }

    @Test(
        arguments: [
            ("damaged", "checksum mismatch (the file is damaged)"),
            ("truncated", "checksum mismatch (the file is damaged)"),
            ("text", "not a tabhost metadata cache (wrong magic)"),
        ], [false, true])
    func aDamagedCacheIsDiscardedWithOneLogLineAndRebuilt(_ damage: (what: String, reason: String), threaded: Bool) throws {
        let (what, reason) = damage
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Alpha")
        _ = try harness.start()
        var bytes = try #require(FileManager.default.contents(atPath: harness.cachePath)).map { $0 }
        switch what {
        case "damaged": bytes[bytes.count / 2] ^= 0xFF
        case "truncated": bytes.removeLast(bytes.count / 3)
        default: bytes = Array("{\"this is\": \"not a tabhost cache at all\"}\n".utf8)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: harness.cachePath))
        harness.log.clear()
        let (registry, entries) = try harness.start(threaded: threaded)
        #expect(
            harness.log.entries.map(\.message) == [
                "\(harness.cachePath): discarded the module metadata cache (\(reason)); it is rebuilt from the module files"
            ], "\(what)")
        #expect(entries.map(\.fromCache) == [false])
        #expect(registry.info(named: "alpha")?.title == "Alpha")
        #expect(try ModuleMetadataCache.read(harness.cachePath)?.entries.count == 1, "rewritten whole")
    }

    /// `tabhost` starts the reading before it parses its arguments; the command that answers from the
    /// cache takes that one reading, once, and only for the same file. (One test: the slot is the process's.)
    @Test func aReadingStartedEarlyIsTakenOnceForItsOwnFile() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Alpha")
        _ = try harness.start()
        ModuleMetadataCacheReading.startEarly(path: harness.cachePath)
        // Another file's reader starts its own and leaves the early one waiting.
        let other = ModuleMetadataCacheReading.started(path: harness.cachePath + ".other")
        #expect(other.path == harness.cachePath + ".other")
        let early = ModuleMetadataCacheReading.started(path: harness.cachePath)
        let again = ModuleMetadataCacheReading.started(path: harness.cachePath)
        #expect(early !== again, "handed out once")
        #expect(!ModuleMetadataCacheReading.discardEarlyReading(), "taken: nothing left to drop")
        let entries = try early.finish().get()
        #expect(entries?[harness.modules.path("alpha.so")]?.info?.title == "Alpha")
        #expect(try other.finish().get() == nil, "no file there")
        // One no command takes is joined and dropped.
        ModuleMetadataCacheReading.startEarly(path: harness.cachePath)
        #expect(ModuleMetadataCacheReading.discardEarlyReading())
        #expect(!ModuleMetadataCacheReading.discardEarlyReading())
        _ = again.finish()
    }

    @Test func aCacheFromAnotherABIVersionIsDiscarded() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Alpha")
        _ = try harness.start()
        let current = try #require(try ModuleMetadataCache.read(harness.cachePath))
        // The same entries, as a host speaking ABI 2.0 would have written them.
        let other = ModuleMetadataCacheFile(entries: current.entries, abiMajor: 2, abiMinor: 0)
        try Data(other.encoded()).write(to: URL(fileURLWithPath: harness.cachePath))
        harness.log.clear()
        let (_, entries) = try harness.start()
        #expect(
            harness.log.entries.map(\.message) == [
                """
                \(harness.cachePath): discarded the module metadata cache \
                (written by a host with module ABI 2.0, this host has 1.3); it is rebuilt from the module files
                """
            ])
        #expect(entries.map(\.fromCache) == [false])
        #expect(try ModuleMetadataCache.read(harness.cachePath)?.abiMajor == 1)
    }

    @Test func aCacheOthersCanWriteIsNotTrusted() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        _ = try harness.start()
        #expect(chmod(harness.cachePath, 0o666) == 0)
        harness.log.clear()
        let (_, entries) = try harness.start()
        #expect(
            harness.log.entries.map(\.message) == [
                """
                \(harness.cachePath): discarded the module metadata cache \
                (owned by another user or writable by others (mode 666)); it is rebuilt from the module files
                """
            ])
        #expect(entries.map(\.fromCache) == [false])
    }

    @Test func rescanIgnoresTheCacheButRefreshesIt() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        _ = try harness.start()
        let (registry, entries) = try harness.start(trusted: false)
        #expect(entries.map(\.fromCache) == [false])
        #expect(registry.modules.map(\.name) == ["alpha"])
        let (_, warm) = try harness.start()
        #expect(warm.map(\.fromCache) == [true])
    }

    @Test func aFileChangedBetweenTheListingAndTheFirstUseIsReportedAsAReload() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "Before")
        _ = try harness.start()
        let (registry, _) = try harness.start()
        #expect(registry.info(named: "alpha")?.title == "Before")
        var changes: [(String, Result<LoadedModule, ModuleError>)] = []
        registry.onCachedModuleChanged = { cached, result in changes.append((cached.title, result)) }
        try harness.compile("alpha", title: "After")
        let module = try #require(registry.module(named: "alpha"))
        #expect(module.info.title == "After")
        #expect(registry.info(named: "alpha")?.title == "After")
        #expect(changes.count == 1)
        #expect(changes.first?.0 == "Before")
        #expect((try? changes.first?.1.get())?.info.title == "After")
    }

    @Test func aFileBrokenBetweenTheListingAndTheFirstUseIsReportedAsARefusal() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha")
        _ = try harness.start()
        let (registry, _) = try harness.start()
        var refusals: [ModuleError] = []
        registry.onCachedModuleChanged = { _, result in
            if case .failure(let error) = result { refusals.append(error) }
        }
        try harness.modules.write("alpha.so", bytes: Array("broken\n".utf8), mode: 0o755)
        #expect(registry.module(named: "alpha") == nil)
        #expect(refusals.map(\.code) == [.notELF])
        #expect(registry.infos.isEmpty)
        #expect(registry.openFailure(named: "alpha")?.code == .notELF)
    }

    @Test func aNameTwoFilesDeclareIsNeithersWhenBothAreCachedToo() throws {
        let harness = try MetadataCacheHarness()
        try harness.compile("alpha", title: "First", file: "a")
        try harness.compile("alpha", title: "Second", file: "b")
        for _ in 0..<2 {
            let (registry, entries) = try harness.start()
            #expect(registry.info(named: "alpha") == nil)
            #expect(registry.module(named: "alpha") == nil)
            #expect(harness.entry(entries, "a")?.error?.code == .duplicateName)
            #expect(harness.entry(entries, "b")?.error?.code == .duplicateName)
        }
    }
}
