import Foundation
import TabHostTesting
import Testing

@testable import TabHostScriptTesting

/// The script runner against the real `ticker` module in its sandboxed child: what this kernel's sandbox
/// lacks skips a script, and each session runs by its own test clock.
@Suite(.serialized, .hangGuard, .blocking)
struct ScriptRunnerTests {
    /// Builds the ticker module into a fresh directory and gives options for it.
    func withTicker(_ body: (ScriptRunOptions, String) throws -> Void) throws {
        try withFixture(prefix: "tabhost-runner") { fixture in
            try FileManager.default.createDirectory(atPath: fixture.path("modules"), withIntermediateDirectories: true)
            try fixture.compile("modules/ticker.so", source: TickerModule.source)
            let options = ScriptRunOptions(
                moduleDirectory: fixture.path("modules"), moduleName: "ticker", snapshotDirectory: fixture.path("snapshots"))
            try body(options, fixture.directory)
        }
    }

    func script(_ name: String, _ text: String) throws -> TestScript {
        try TestScriptParser(file: name).parse(text)
    }

    /// A kernel whose Landlock lacks TCP rules (simulated with an ABI limit, as the sandbox tests do)
    /// skips a script that grants `network`, with the reason, instead of passing it silently; a script
    /// that grants nothing, or what seccomp withholds, still runs.
    @Test func aGrantThisKernelsSandboxCannotWithholdSkipsTheScript() throws {
        try withTicker { options, _ in
            var options = options
            options.sandboxLandlockABILimit = 3
            let runner = ScriptRunner(options: options)
            let network = runner.run(try script("tests/net.tabtest", "grant network\nexpect \"fires: 0\"\n"))
            let reason = try #require(network.skipReason, "\(network)")
            #expect(reason.hasPrefix("this kernel's sandbox lacks Landlock's TCP rules (Landlock ABI 4; this kernel offers "), "\(reason)")
            #expect(reason.hasSuffix("which withholds what `grant network` allows"), "\(reason)")
            #expect(TAPReport.lines(for: network, number: 1) == ["ok 1 - tests/net.tabtest # SKIP " + reason])

            let plain = runner.run(try script("tests/plain.tabtest", "expect \"fires: 0\"\nexpect not \"fires: 0\"\n"))
            #expect(plain.skipReason == nil && plain.failedLine == 2, "\(plain)")
            let exec = runner.run(try script("tests/exec.tabtest", "grant exec\nclick \"Exec\"\nexpect \"fires: 0\"\n"))
            #expect(exec.skipReason == nil && exec.passed, "\(exec)")

            #expect(TAPReport.summary(of: [network, plain, exec]) == "1 passed, 1 failed, 1 skipped")
            let junit = JUnitReport.document([network, exec], suite: "ticker")
            #expect(junit.contains("failures=\"0\" skipped=\"1\""), "\(junit)")
            #expect(junit.contains("    <skipped message=\"this kernel's sandbox lacks"), "\(junit)")
        }
    }

    /// A file the module opens outside its grants fails the step with a line naming the path (the child
    /// names what Landlock refused); granted, the same script passes.
    @Test(.disabled(if: Sanitizers.any, "a sanitizer's runtime defines open and fopen itself: file refusals go unnamed"))
    func aFileReadOutsideTheGrantsFailsTheStepNamingThePath() throws {
        try withTicker { options, directory in
            let secret = directory + "/secret.txt"
            try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
            let runner = ScriptRunner(options: options)
            let refused = runner.run(try script("tests/read.tabtest", "param \"\(secret)\"\nclick \"Read\"\nexpect \"fires: 0\"\n"))
            #expect(refused.failedLine == 2, "\(refused)")
            let line = "line 2: click \"Read\": the sandbox refused what `grant read:\(secret)` would allow; the script does not grant it"
            #expect(refused.details == [line], "\(refused)")
            let granted = runner.run(
                try script("tests/granted.tabtest", "param \"\(secret)\"\ngrant read:\(secret)\nclick \"Read\"\nexpect \"fires: 0\"\n"))
            #expect(granted.passed && granted.skipReason == nil, "\(granted)")
        }
    }

    /// Two sessions open in one process at once, each with its own test clock: advancing one fires its
    /// timers only.
    @Test func twoSessionsInOneProcessRunByTheirOwnClocks() throws {
        try withTicker { options, directory in
            let steps = try script("tests/clock.tabtest", "click \"Start\"\nwait 250ms\nwait 1s\n").steps
            for name in ["a", "b"] {
                try FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true)
            }
            let first = try ScriptSession(script: TestScript(path: "a"), options: options, scratch: directory + "/a")
            defer { first.close() }
            let second = try ScriptSession(script: TestScript(path: "b"), options: options, scratch: directory + "/b")
            defer { second.close() }
            try first.start()
            try second.start()
            try first.perform(steps[0])
            try second.perform(steps[0])
            try first.perform(steps[1])
            #expect(first.screenText.contains("fires: 2"), "\(first.screenText)")
            #expect(second.screenText.contains("fires: 0"), "\(second.screenText)")
            try second.perform(steps[2])
            #expect(second.screenText.contains("fires: 5"), "\(second.screenText)")
            try first.settle()
            #expect(first.screenText.contains("fires: 2"), "\(first.screenText)")
        }
    }
}
