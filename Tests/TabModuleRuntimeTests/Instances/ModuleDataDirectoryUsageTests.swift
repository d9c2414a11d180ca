import Foundation
import Glibc
import TabHostTesting
import TabModuleLoading
import TabModuleRuntime
import Testing

/// The usage of a module's data directory is counted in a loop that descends at most
/// `ModuleDataDirectory.usageDepthLimit` levels: a module made a tree thousands of levels deep, and the
/// recursive walk overflowed the host's stack (every tab died, and every later start).
@Suite(.blocking) struct ModuleDataDirectoryUsageTests {
    @Test func aTreeThousandsOfLevelsDeepIsCountedToTheDepthLimit() throws {
        let fixture = try Fixture()
        let root = fixture.path("data")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        defer { FileTreeRemoval.remove(root) }
        try DeepTree.make(under: root, depth: 25_000) { level, fd in
            if level == 3 { try DeepTree.writeFile("shallow", size: 64 << 10, in: fd) }
            if level == 100 { try DeepTree.writeFile("deep", size: 1 << 20, in: fd) }
        }
        let usage = try #require(ModuleDataDirectory.usage(of: root))
        // The shallow file and the directories down to the limit; not the file below it, and the walk says
        // so (what lies below could be any size: the host takes it as over the soft limit).
        #expect(usage.bytes >= 64 << 10)
        #expect(usage.bytes < 1 << 20)
        #expect(!usage.complete)
    }

    @Test func aTreeWithinTheDepthLimitIsCountedWhole() throws {
        let fixture = try Fixture()
        let root = fixture.path("data")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try DeepTree.make(under: root, depth: 40) { level, fd in
            if level == 40 { try DeepTree.writeFile("deep", size: 1 << 20, in: fd) }
        }
        let usage = try #require(ModuleDataDirectory.usage(of: root))
        #expect(usage.bytes >= 1 << 20 && usage.complete)
    }
}
