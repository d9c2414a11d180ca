import Foundation
import Glibc
import TabHostTesting
import TabModuleRuntime
import Testing

/// Installed bundles (`NAME/NAME.so` beside `manifest.json`) placed as the installer places them:
/// real directories, real `rename` and `renameat2(RENAME_EXCHANGE)`, real inotify.
struct DirectoryWatcherBundleTests {
    typealias Sandbox = DirectoryWatcherTests.Sandbox

    /// Stages a bundle `hello` whose `.so` holds `bytes` (the watcher reads no module: any bytes do).
    private func stage(_ box: Sandbox, _ bytes: String) throws -> String {
        let source = "\(box.build)/hello-\(UUID().uuidString).so"
        try box.write(source, bytes)
        return try InstalledBundleSteps.stage(name: "hello", in: box.mods, files: ["hello.so": source])
    }

    @Test func bundleRenamedInIsOneAdd() throws {
        let box = try Sandbox()
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.added("\(box.mods)/hello/hello.so")])
        #expect(watcher.knownFiles(in: box.mods) == ["\(box.mods)/hello/hello.so"])
    }

    @Test func updateExchangedInIsOneChangeAndTheOldVersionMovingAsideIsNothing() throws {
        let box = try Sandbox()
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.added("\(box.mods)/hello/hello.so")])
        try InstalledBundleSteps.placeUpdate(stage(box, "ELF version 2"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        // A second update: `.hello.previous` is deleted and replaced, the new version exchanged in.
        try InstalledBundleSteps.placeUpdate(stage(box, "ELF version 3!"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        #expect(try String(contentsOfFile: "\(box.mods)/hello/hello.so", encoding: .utf8) == "ELF version 3!")
    }

    @Test func placementsAreCompleteWhenTheyComeSoTheyAreReportedWithoutTheSettleWindow() throws {
        let box = try Sandbox()
        // A settle window longer than the wait: only a rename's window (none) can report in time.
        let watcher = try DirectoryWatcher(configuration: .init(settle: .seconds(30), renameSettle: .zero))
        try watcher.watch(directory: box.mods)
        let file = "\(box.mods)/hello/hello.so"
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        #expect(watcher.waitForEvents(timeout: .seconds(5)) == [.added(file)])
        try InstalledBundleSteps.placeUpdate(stage(box, "ELF version 2"), name: "hello", in: box.mods)
        #expect(watcher.waitForEvents(timeout: .seconds(5)) == [.changed(file)])
        try InstalledBundleSteps.remove(name: "hello", in: box.mods)
        #expect(watcher.waitForEvents(timeout: .seconds(5)) == [.removed(file)])
    }

    @Test func bundleKnownAtWatchTimeExchangedIsAChangeAndRemovedIsARemoval() throws {
        let box = try Sandbox()
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        #expect(watcher.knownFiles(in: box.mods) == ["\(box.mods)/hello/hello.so"])
        try InstalledBundleSteps.placeUpdate(stage(box, "ELF version 2"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        try InstalledBundleSteps.remove(name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.removed("\(box.mods)/hello/hello.so")])
        #expect(watcher.knownFiles(in: box.mods) == [])
    }

    @Test func moduleFileReplacedInsideTheBundleDirectoryIsAChange() throws {
        let box = try Sandbox()
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.added("\(box.mods)/hello/hello.so")])
        // A developer copying a new build over the installed one, twice: a rename, then a rewrite.
        try box.renameBuild(to: "\(box.mods)/hello/hello.so", "ELF v2")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        try box.write("\(box.mods)/hello/hello.so", "ELF version 3")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        try box.remove("\(box.mods)/hello/hello.so")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.removed("\(box.mods)/hello/hello.so")])
    }

    @Test func theWatchLeavesTheDirectoryAnUpdateMovedAside() throws {
        let box = try Sandbox()
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        try InstalledBundleSteps.placeUpdate(stage(box, "ELF version 2"), name: "hello", in: box.mods)
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.changed("\(box.mods)/hello/hello.so")])
        // The old version's directory, watched before the update, is `.hello.previous` now: not a module.
        try box.write("\(box.mods)/.hello.previous/hello.so", "ELF v1, edited")
        try box.write("\(box.mods)/.hello.previous/manifest.json", "{}")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [])
        #expect(try String(contentsOfFile: "\(box.mods)/hello/hello.so", encoding: .utf8) == "ELF version 2")
    }

    @Test func aStagingDirectoryFilledAndDeletedIsNothing() throws {
        let box = try Sandbox()
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        let staging = try stage(box, "ELF v1")
        try box.write("\(staging)/hello.so", "ELF v1, rewritten")
        try InstalledBundleSteps.move(staging, "\(box.mods)/.hello.previous")
        try FileManager.default.removeItem(atPath: "\(box.mods)/.hello.previous")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [])
    }

    @Test func directoryWithoutManifestIsNoModuleUntilItHasOne() throws {
        let box = try Sandbox()
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        try FileManager.default.createDirectory(atPath: "\(box.mods)/notes", withIntermediateDirectories: false)
        try box.write("\(box.mods)/notes/notes.so", "ELF v1")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [])
        try box.write("\(box.mods)/notes/manifest.json", "{}")
        #expect(DirectoryWatcherTests.settleAll(watcher) == [.added("\(box.mods)/notes/notes.so")])
    }

    @Test func snapshotListsBundlesBesidePlainFilesNotDirectoriesWithoutManifest() throws {
        let box = try Sandbox()
        try box.write("\(box.mods)/clock.so", "ELF clock")
        try InstalledBundleSteps.placeFirst(stage(box, "ELF v1"), name: "hello", in: box.mods)
        try FileManager.default.createDirectory(atPath: "\(box.mods)/notes", withIntermediateDirectories: false)
        try box.write("\(box.mods)/notes/notes.so", "ELF notes")
        let watcher = try DirectoryWatcher(configuration: DirectoryWatcherTests.quick)
        try watcher.watch(directory: box.mods)
        #expect(watcher.knownFiles(in: box.mods) == ["\(box.mods)/clock.so", "\(box.mods)/hello/hello.so"])
    }
}
