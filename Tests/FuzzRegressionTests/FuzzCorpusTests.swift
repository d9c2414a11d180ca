import Foundation
import TabHostFuzz
import TabHostTesting
import Testing

/// Every input of every target's corpus (`Fuzz/corpus/TARGET/`: seeds from the tests, inputs the
/// fuzzer kept, and every crash it found, once fixed) through the entry point libFuzzer calls.
/// A regression crashes this test process, as it crashed the fuzzer.
@Suite(.blocking)
struct FuzzCorpusTests {
    /// `Fuzz/corpus` of this checkout, found from this file's path.
    static let corpus: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fuzz/corpus")
    }()

    /// The files of `target`'s corpus, in name order.
    static func inputs(of target: String) throws -> [URL] {
        let directory = corpus.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func everyCorpusInputRunsThrough(target name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let inputs = try Self.inputs(of: name)
        #expect(!inputs.isEmpty, "Fuzz/corpus/\(name) has no seeds")
        for input in inputs { target.run(Array(try Data(contentsOf: input))) }
    }

    /// The C targets (`C_TARGETS` in Scripts/fuzz): built with libFuzzer there, replayed without it here.
    static let cTargets = ["module-host": "module_host_fuzz.c"]

    @Test func everyCorpusFolderNamesATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzTargets.all.map(\.name) + Self.cTargets.keys))
    }

    /// A C target built with clang (the headers' nullability annotations are clang's; no libFuzzer:
    /// `Fuzz/C/replay_main.c` calls its entry point) and run on its whole corpus in a child process,
    /// which must exit 0.
    @Test(arguments: cTargets.keys.sorted())
    func everyCorpusInputRunsThroughTheCTarget(target name: String) throws {
        let repo = Self.corpus.deletingLastPathComponent().deletingLastPathComponent().path
        let scratch = try Fixture()
        let replay = scratch.path("replay")
        try Fixture.runChecked(
            "/usr/bin/env",
            [
                "clang", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", "-I\(repo)/Sources/_CIsolation/include",
                "-I\(repo)/Sources/CTabModule/include", "-I\(repo)/Sources/_CLtdl/include", "-I\(repo)/Sources/_CSandbox/include",
                "-I\(repo)/Sources/_CModuleHost/include", "\(repo)/Fuzz/C/\(Self.cTargets[name]!)", "\(repo)/Fuzz/C/replay_main.c",
                "\(repo)/Sources/_CModuleHost/tabhost_module_host.c", "\(repo)/Sources/_CModuleHost/tabhost_file_denials.c",
                "\(repo)/Sources/_CModuleHost/tabhost_blame.c",
                "\(repo)/Sources/_CLtdl/tabhost_ltdl.c",
                "\(repo)/Sources/_CIsolation/tabhost_isolation.c", "\(repo)/Sources/_CSandbox/tabhost_sandbox.c", "-lltdl", "-lpthread",
                "-o", replay,
            ])
        let inputs = try Self.inputs(of: name)
        #expect(!inputs.isEmpty)
        let result = try run(replay, arguments: inputs.map(\.path), timeout: .seconds(600))
        #expect(result.succeeded, "\(result)")
    }
}
