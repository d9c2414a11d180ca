import Foundation
import TabHostTesting
import Testing

/// `tabhost run` with the sandbox on (the default): the hostile fixture's every try outside the
/// default profile is denied with an errno while it keeps running and its own files, data_dir and
/// TMPDIR work; with `--sandbox off` the same tries are allowed, so the test can fail.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunSandboxTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    private static func runHostile(sandbox: [String]) throws -> HostileScene.Result {
        try HostileScene.with { try $0.run(sandbox) }
    }

    private static func result(of label: String, in screen: String) -> String? {
        HostileScene.result(of: label, in: screen)
    }

    @Test func withTheSandboxEveryTryOutsideIsDeniedAndItsOwnFilesWork() throws {
        let run = try Self.runHostile(sandbox: [])
        for label in HostileModule.denied {
            let result = Self.result(of: label, in: run.screen)
            let expected = label == HostileModule.forkBomb ? ["EAGAIN"] : ["EACCES", "EPERM", "ESRCH"]
            #expect(expected.contains(result ?? ""), "\(label): \(result ?? "not shown")\n\(run.screen)")
        }
        for label in HostileModule.allowed {
            #expect(Self.result(of: label, in: run.screen) == "allowed", "\(label)\n\(run.screen)")
        }
        #expect(run.screen.contains("Quiet"))
        #expect(!run.wroteOutside)
        #expect(run.status == "STATUS:0")
        #expect(run.log.contains("[hostile] info: sandbox: landlock ABI"), "\(run.log)")
        #expect(run.log.contains("[quiet] info: sandbox: landlock ABI"), "\(run.log)")
        #expect(run.log.contains("process limit (256 of its own tasks)"), "\(run.log)")
    }

    @Test func withoutTheSandboxTheSameTriesAreAllowed() throws {
        let run = try Self.runHostile(sandbox: ["--sandbox", "off"])
        for label in HostileModule.denied + HostileModule.allowed {
            #expect(Self.result(of: label, in: run.screen) == "allowed", "\(label)\n\(run.screen)")
        }
        #expect(run.wroteOutside)
        #expect(!run.log.contains("sandbox:"))
    }

    @Test func theDemoRunsUnderTheSandbox() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            let screen = try tmux.waitFor("Jack")
            #expect(screen.contains("Accounts"))
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
            #expect(log.contains("info: sandbox: landlock ABI"), "\(log)")
            #expect(!log.contains("error:"), "\(log)")
        }
    }
}
