import Foundation
import TabHostTesting
import Testing

/// A running host's stopped module, seen from `tabhost inspect NAME` in another process; and the
/// crash-loop rule through the real binary: a module pushed and crashed 3 times within a minute is
/// not started again by the next push, only by the user's Restart.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunCrashLoopTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// A scratch directory with `misbehaving` (its "Crash now" row segfaults) and `launcher` (its
    /// "Open misbehaving" row pushes it), a private `XDG_RUNTIME_DIR` (so only this host's status file
    /// is read), and the command line that runs `root` at the root of a stack.
    private struct Setup {
        let scratch: String
        let modules: String
        let environment: [String: String]
        let command: String

        /// Calls `test` with a setup in a fresh scratch directory, removed when `test` ends (after the tmux
        /// session it started in a local).
        static func with<Value>(root: String, _ test: (Setup) throws -> Value) throws -> Value {
            try R.withScratch { scratch in try test(Setup(root: root, scratch: scratch)) }
        }

        private init(root: String, scratch: String) throws {
            self.scratch = scratch
            modules = scratch + "/modules"
            let runtime = scratch + "/run"
            for directory in [modules, runtime] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            _ = chmod(runtime, 0o700)
            try R.compile(
                R.moduleSource(
                    name: "misbehaving", title: "Misbehaving", body: #"api->row(view, "Crash now", NULL, "go");"#,
                    onEvent: "if (event->type == TAB_EVENT_ACTION) { volatile int *nowhere = NULL; *nowhere = 1; }"),
                to: modules + "/misbehaving.so")
            try R.compile(
                R.moduleSource(
                    name: "launcher", title: "Launcher", body: #"api->row(view, "Open misbehaving", NULL, "open");"#,
                    onEvent: #"if (event->type == TAB_EVENT_ACTION) api->push(host, "misbehaving", NULL, TAB_PUSH_OWN_STACK);"#),
                to: modules + "/launcher.so")
            let layout = try R.writeStackLayout(module: root, to: scratch + "/layout.json")
            environment = ["XDG_RUNTIME_DIR": runtime]
            command = R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch)
        }

        /// `tabhost inspect misbehaving` in another process: its lines about running hosts, and its JSON's.
        func inspect() throws -> (lines: [String], json: [[String: Any]]) {
            let text = try ListInspectSupport.run(["inspect", "misbehaving", "--modules", modules], environment: environment)
            #expect(text.status == 0, "\(text)")
            let json = try ListInspectSupport.run(
                ["inspect", "misbehaving", "--modules", modules, "--json"], environment: environment)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            return (
                text.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("running host ") },
                try #require(object?["runningHosts"] as? [[String: Any]], "\(json)")
            )
        }
    }

    /// The pid of the `tabhost` the pane runs.
    private static func tabhost(_ tmux: T) throws -> pid_t {
        try #require(try tmux.childPIDs().first)
    }

    @Test func inspectReportsARunningHostsStoppedModuleUntilRestart() throws {
        try Setup.with(root: "misbehaving") { setup in
            let tmux = try T(setup.command, width: 160, environment: setup.environment)
            try tmux.waitFor("Crash now")
            #expect(try setup.inspect().lines == [])
            try tmux.send("Enter")
            try tmux.waitForScreen { !$0.contains("Crash now") && $0.contains("Misbehaving stopped: SIGSEGV in event \"go\"") }
            let pid = try Self.tabhost(tmux)

            let stopped = try setup.inspect()
            #expect(stopped.lines == ["running host \(pid): Misbehaving stopped: SIGSEGV in event \"go\""])
            #expect(stopped.json.count == 1)
            #expect(stopped.json.first?["pid"] as? Int == Int(pid))
            #expect(stopped.json.first?["module"] as? String == "misbehaving")
            #expect(stopped.json.first?["state"] as? String == "stopped")
            #expect(stopped.json.first?["crashes"] as? Int == 1)
            #expect(stopped.json.first?["reason"] as? String == "Misbehaving stopped: SIGSEGV in event \"go\"")

            try tmux.send("Enter")  // Restart
            try tmux.waitFor("Crash now")
            let restarted = try setup.inspect()
            #expect(restarted.lines == [])
            #expect(restarted.json.isEmpty)
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
        }
    }

    @Test func aModuleCrashedThreeTimesIsNotPushedAgainUntilRestart() throws {
        try Setup.with(root: "launcher") { setup in
            let tmux = try T(setup.command, width: 160, environment: setup.environment)
            let looped = "Misbehaving stopped: SIGSEGV in event \"go\" (3 crashes within 60 s; not restarted until you choose Restart)"
            for _ in 0..<3 {
                try tmux.waitFor("Open misbehaving")
                try tmux.send("Enter")  // a push: a new instance, a new child
                try tmux.waitFor("Crash now")
                #expect(try RunIsolationTests.runningModules(of: tmux).count == 1)
                try tmux.send("Enter")
                try tmux.waitForScreen { !$0.contains("Crash now") && $0.contains("Misbehaving stopped: SIGSEGV in event \"go\"") }
                try tmux.send("Escape")
            }
            try tmux.waitFor("Open misbehaving")
            try tmux.send("Enter")  // the fourth push starts no child
            let held = try tmux.waitForScreen { !$0.contains("Open misbehaving") && $0.contains(looped) }
            #expect(!held.contains("Crash now"))
            #expect(held.contains("Restart"))
            #expect(try RunIsolationTests.runningModules(of: tmux).isEmpty)
            let pid = try Self.tabhost(tmux)
            let reported = try setup.inspect()
            #expect(reported.lines == ["running host \(pid): \(looped)"])
            #expect(reported.json.first?["crashes"] as? Int == 3)

            try tmux.send("Enter")  // the user's Restart always works
            try tmux.waitFor("Crash now")
            #expect(try RunIsolationTests.runningModules(of: tmux).count == 1)
            #expect(try setup.inspect().lines == [])
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let log = try String(contentsOfFile: setup.scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains("[misbehaving] error: 3 crashes within 60 s; not restarted until you choose Restart"), "\(log)")
            #expect(log.contains("[misbehaving] warning: not started: 3 crashes within 60 s"), "\(log)")
        }
    }
}
