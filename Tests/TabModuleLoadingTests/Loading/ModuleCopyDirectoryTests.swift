import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// The private copies: where they live, how they are named, when they go away.
struct ModuleCopyDirectoryTests {
    @Test func copiesAreNamedByGenerationInAPrivateDirectoryAndRemovedOnClose() throws {
        let fixture = try Fixture()
        let root = try Fixture()
        let cache = try ModuleCopyDirectory(root: root.directory)
        #expect(cache.directory.hasPrefix(root.directory + "/tabhost-\(getpid())"))
        var info = stat()
        #expect(stat(cache.directory, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o700)

        let path = try fixture.compile("libSample.so", source: ModuleSource(name: "sample").text)
        let loader = ModuleLoader(copies: cache)
        let first = try loader.load(path)
        let second = try loader.load(path)
        #expect(first.copyPath == "\(cache.directory)/libSample.\(first.generation).so")
        #expect(second.copyPath == "\(cache.directory)/libSample.\(second.generation).so")
        #expect(second.generation > first.generation)
        #expect(FileManager.default.fileExists(atPath: first.copyPath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.copyPath)) == Data(contentsOf: URL(fileURLWithPath: path)))
        first.close()
        #expect(!FileManager.default.fileExists(atPath: first.copyPath))
        #expect(FileManager.default.fileExists(atPath: second.copyPath))
        cache.removeAll()
        #expect(!FileManager.default.fileExists(atPath: cache.directory))
    }

    @Test func theDirectoriesOfDeadProcessesAreSwept() throws {
        let root = try Fixture()
        // A pid that surely existed and is now dead: a child we ran and reaped.
        let child = try RunningProcess("/bin/true")
        child.wait()
        let dead = child.pid
        let deadDirectory = root.path("tabhost-\(dead)")
        let deadSecond = root.path("tabhost-\(dead)-2")
        let alive = root.path("tabhost-1")
        let unrelated = root.path("tabhost-notapid")
        for directory in [deadDirectory, deadSecond, alive, unrelated] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/m.1.so"))
        }
        let cache = try ModuleCopyDirectory(root: root.directory)
        defer { cache.removeAll() }
        #expect(!FileManager.default.fileExists(atPath: deadDirectory))
        #expect(!FileManager.default.fileExists(atPath: deadSecond))
        #expect(FileManager.default.fileExists(atPath: alive + "/m.1.so"))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        #expect(FileManager.default.fileExists(atPath: cache.directory))
    }

    @Test func theDefaultRootIsTmpfs() {
        let root = ModuleCopyDirectory.defaultRoot()
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], access(runtime, W_OK) == 0 {
            #expect(root == runtime)
        } else {
            #expect(root == "/dev/shm")
        }
    }
}
