import Foundation
import TabHostTesting
import Testing

/// `tabhost list` and `tabhost inspect` answer from the module metadata cache
/// (`$XDG_CACHE_HOME/tabhost/modules.cache`) and notice every change to the files it describes.
@Suite(.hangGuard, .blocking)
struct MetadataCacheEndToEndTests {
    typealias S = ListInspectSupport

    /// A module directory and an `XDG_CACHE_HOME` shared by the commands of one test.
    /// The directory goes with the setup (a test holds it in a `let`).
    final class Setup {
        let directory: Fixture
        var root: String { directory.directory }
        var modules: String { root + "/modules" }
        var cacheFile: String { root + "/cache/tabhost/modules.cache" }
        var environment: [String: String] { ["XDG_CACHE_HOME": root + "/cache"] }

        init() throws {
            directory = try Fixture(prefix: "tabhost-e2e")
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        }

        @discardableResult
        func compile(_ name: String, title: String) throws -> String {
            try S.compileModule(modules + "/\(name).so", fields: ".name = \"\(name)\", .title = \"\(title)\"")
        }

        /// Caches a module "alpha", then flips a byte in the middle of the cache file; returns its bytes.
        func cacheOfAlphaDamaged() throws -> [UInt8] {
            try compile("alpha", title: "Alpha")
            _ = try listJSON()
            var bytes = try #require(FileManager.default.contents(atPath: cacheFile)).map { $0 }
            bytes[bytes.count / 2] ^= 0x5A
            try Data(bytes).write(to: URL(fileURLWithPath: cacheFile))
            return bytes
        }

        func run(_ arguments: [String]) throws -> S.Output { try S.run(arguments, environment: environment) }

        /// `tabhost list --json` of the module directory, as objects.
        func listJSON(_ extra: [String] = []) throws -> (objects: [[String: Any]], output: S.Output) {
            let output = try run(["list", modules, "--json"] + extra)
            let objects = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]]
            return (try #require(objects, "\(output)"), output)
        }
    }

    @Test func listAndInspectAnswerFromTheCacheAndListJSONMarksIt() throws {
        let setup = try Setup()
        try setup.compile("alpha", title: "Alpha")
        let (cold, coldOutput) = try setup.listJSON()
        #expect(coldOutput.status == 0, "\(coldOutput)")
        #expect(cold.map { $0["cached"] as? Bool } == [false])
        let (warm, _) = try setup.listJSON()
        #expect(warm.map { $0["cached"] as? Bool } == [true])
        // The same objects `inspect --json` prints, with `cached` appended.
        let inspect = try setup.run(["inspect", "alpha", "--modules", setup.modules, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        #expect(object["cached"] as? Bool == true)
        func canonical(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try canonical(object) == canonical(warm[0]))
        for key in [
            "file", "status", "name", "version", "title", "glyph", "kind", "image", "imagePath", "abiMajor",
            "abiMinor", "structSize", "functions", "containsSwift", "runningHosts",
        ] {
            #expect(warm[0].keys.contains(key), "\(key)")
        }
        #expect(warm[0]["title"] as? String == "Alpha")
        #expect(warm[0]["file"] as? String == setup.modules + "/alpha.so")
        let file = try setup.run(["inspect", setup.modules + "/alpha.so"])
        #expect(file.status == 0)
        #expect(file.stdout.contains("title:        Alpha\n"))
        // --rescan opens the files again.
        let (rescanned, _) = try setup.listJSON(["--rescan"])
        #expect(rescanned.map { $0["cached"] as? Bool } == [false])
    }

    @Test func aRebuiltFileIsListedWithItsNewTitle() throws {
        let setup = try Setup()
        try setup.compile("alpha", title: "Old")
        _ = try setup.listJSON()
        try setup.compile("alpha", title: "Brand new")
        let output = try setup.run(["list", setup.modules])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Brand new"))
        #expect(!output.stdout.contains("Old"))
    }

    @Test func aFileBrokenAfterCachingIsRefusedAndARepairedOneAcceptedAgain() throws {
        let setup = try Setup()
        let path = try setup.compile("alpha", title: "Alpha")
        _ = try setup.listJSON()
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: path))
        let broken = try setup.run(["list", setup.modules])
        #expect(broken.status == 1)
        #expect(!broken.stdout.contains("Alpha"))
        #expect(broken.stderr == "\(path): not an ELF file (starts with \"garbage\\n\"); rebuild it with cc -shared -fPIC\n")
        try FileManager.default.removeItem(atPath: path)
        try setup.compile("alpha", title: "Repaired")
        let repaired = try setup.run(["list", setup.modules])
        #expect(repaired.status == 0, "\(repaired)")
        #expect(repaired.stdout.contains("Repaired"))
    }

    @Test func aFileMadeWorldWritableIsRefusedThoughCached() throws {
        let setup = try Setup()
        let path = try setup.compile("alpha", title: "Alpha")
        _ = try setup.listJSON()
        #expect(chmod(path, 0o666) == 0)
        let output = try setup.run(["inspect", "alpha", "--modules", setup.modules])
        #expect(output.status == 1)
        let list = try setup.run(["list", setup.modules])
        #expect(
            list.stderr
                == "\(path): writable by everyone (mode 666), so another user could replace it; "
                + "run chmod go-w \(path), or pass --allow-insecure-permissions\n"
        )
    }

    @Test func aDeletedFileIsNoLongerListed() throws {
        let setup = try Setup()
        try setup.compile("alpha", title: "Alpha")
        let beta = try setup.compile("beta", title: "Beta")
        _ = try setup.listJSON()
        try FileManager.default.removeItem(atPath: beta)
        let (objects, _) = try setup.listJSON()
        #expect(objects.map { $0["name"] as? String } == ["alpha"])
        let inspect = try setup.run(["inspect", "beta", "--modules", setup.modules])
        #expect(inspect.status == 1)
    }

    @Test func aDamagedCacheFileIsDiscardedWithOneLine() throws {
        let setup = try Setup()
        _ = try setup.cacheOfAlphaDamaged()
        let output = try setup.run(["list", setup.modules])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Alpha"))
        #expect(
            output.stderr
                == "tabhost: \(setup.cacheFile): discarded the module metadata cache (checksum mismatch (the file is damaged)); "
                + "it is rebuilt from the module files\n"
        )
        let again = try setup.run(["list", setup.modules])
        #expect(again.stderr.isEmpty, "rebuilt: \(again)")
    }

    /// `run`, `list` and `inspect` start reading the cache before their arguments are parsed; when the
    /// arguments are wrong (or ask for help) that reading is dropped unused: only the usage error is
    /// printed, not the damaged cache's line, and the file is left for the next real command.
    // Not a bad option *value* (`--isolation sideways`): swift-argument-parser 1.8.2 leaks 48 bytes on
    // that path, which LeakSanitizer turns into exit status 1 under `Scripts/test --sanitize`.
    @Test(arguments: [["list", "--no-such-flag"], ["inspect"], ["run", "--no-such-flag"], ["list", "--help"]])
    func aCommandThatNeverRunsLeavesTheCacheAlone(arguments: [String]) throws {
        let setup = try Setup()
        let bytes = try setup.cacheOfAlphaDamaged()
        let output = try setup.run(arguments)
        let help = arguments.last == "--help"
        #expect(output.status == (help ? 0 : 2), "\(output)")
        #expect(!output.stderr.contains("discarded") && !output.stdout.contains("discarded"), "\(output)")
        #expect(help ? output.stdout.contains("USAGE: tabhost list") : output.stderr.contains("Error:"), "\(output)")
        #expect(FileManager.default.contents(atPath: setup.cacheFile).map { [UInt8]($0) } == bytes)
        let listed = try setup.run(["list", setup.modules])
        #expect(listed.stderr.contains("discarded the module metadata cache (checksum mismatch"), "\(listed)")
    }

    @Test func aCacheFromAnotherABIVersionIsDiscarded() throws {
        let setup = try Setup()
        try setup.compile("alpha", title: "Alpha")
        _ = try setup.listJSON()
        var bytes = try #require(FileManager.default.contents(atPath: setup.cacheFile)).map { $0 }
        // The header's ABI major (bytes 12–15) as a 2.x host writes it, with a matching checksum.
        bytes[12] = 2
        bytes.removeLast(8)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: hash >> (8 * shift))) }
        try Data(bytes).write(to: URL(fileURLWithPath: setup.cacheFile))
        let (objects, output) = try setup.listJSON()
        #expect(objects.map { $0["cached"] as? Bool } == [false])
        #expect(
            output.stderr
                == "tabhost: \(setup.cacheFile): discarded the module metadata cache "
                + "(written by a host with module ABI 2.3, this host has 1.3); it is rebuilt from the module files\n"
        )
    }

    /// Real processes saving the same cache file at once: the file is always one whole version.
    @Test(.tags(.slow), .selectedByTags) func hostsWritingTheCacheAtOnceLeaveNoTornFile() throws {
        let setup = try Setup()
        var directories: [String] = []
        for index in 0..<4 {
            let directory = setup.root + "/set\(index)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for module in 0..<20 {
                try S.compileModule(directory + "/m\(index)x\(module).so", fields: ".name = \"m\(index)x\(module)\", .title = \"T\"")
            }
            directories.append(directory)
        }
        for _ in 0..<3 {
            let processes = try directories.flatMap { directory in
                try (0..<2).map { _ in
                    try RunningProcess(Products.tabhost, arguments: ["list", "--rescan", directory], environment: setup.environment)
                }
            }
            let results = processes.map { $0.wait() }
            #expect(results.allSatisfy { $0.succeeded }, "\(results)")
            for directory in directories {
                let output = try setup.run(["list", directory])
                #expect(output.status == 0 && output.stderr.isEmpty, "\(output)")
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.root + "/cache/tabhost")
            #expect(leftovers == ["modules.cache"])
        }
    }
}
