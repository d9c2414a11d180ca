import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// The private copies: where they live, how they are named, when they go away.
@Suite(.blocking)
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
        // NAME.GEN.TOKEN.so: the generation, then 16 random hexadecimal digits (no two copies alike).
        for copy in [first, second] {
            #expect(copy.copyPath.hasPrefix("\(cache.directory)/libSample.\(copy.generation)."), "\(copy.copyPath)")
            #expect(ModuleCopyDirectory.isCopy(ModuleFileReader.baseName(of: copy.copyPath), of: "libSample"), "\(copy.copyPath)")
        }
        let tokens = [first, second].map { ModuleFileReader.baseName(of: $0.copyPath).split(separator: ".")[2] }
        #expect(tokens[0] != tokens[1])
        #expect(second.generation > first.generation)
        #expect(FileManager.default.fileExists(atPath: first.copyPath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.copyPath)) == Data(contentsOf: URL(fileURLWithPath: path)))
        first.close()
        #expect(!FileManager.default.fileExists(atPath: first.copyPath))
        #expect(FileManager.default.fileExists(atPath: second.copyPath))
        cache.removeAll()
        #expect(!FileManager.default.fileExists(atPath: cache.directory))
    }

    @Test(arguments: [
        ("clock.1.0123456789abcdef.so", true), ("clock.12.ffffffffffffffff.so", true), ("clock.1.so", false),
        ("clock.1.0123456789ABCDEF.so", false), ("clock.1.0123456789abcde.so", false), ("clock.x.0123456789abcdef.so", false),
        ("clock..0123456789abcdef.so", false), ("clock.1.0123456789abcdef.1.so", false), ("clocks.1.0123456789abcdef.so", false),
    ])
    func aCopysNameIsTheModulesNameGenerationAndToken(file: String, isCopy: Bool) {
        #expect(ModuleCopyDirectory.isCopy(file, of: "clock") == isCopy)
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
