import Foundation
import TabHostTesting
import Testing

/// `tabhost run` in its default mode runs each module in a child process: a module that crashes,
/// hangs or prints leaves the host running and the terminal intact, and no child outlives the host.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunIsolationTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// Calls `test` with a scratch directory holding one module, `misbehaving`, whose "Misbehave" row runs
    /// `onEvent` and whose render runs `body` first, and the command line that runs it; the directory is
    /// removed when `test` ends (after the tmux session it started in a local).
    private static func withSetUp<Value>(
        onEvent: String, body: String = "", _ test: (_ scratch: String, _ command: String) throws -> Value
    ) throws -> Value {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(
                "#include <stdio.h>\n#include <unistd.h>\n"
                    + R.moduleSource(
                        name: "misbehaving", title: "Misbehaving",
                        body: body + #"api->row(view, "Misbehave", NULL, "go");"#,
                        onEvent: "if (event->type == TAB_EVENT_ACTION) { \(onEvent) }"),
                to: modules + "/misbehaving.so")
            let layout = try R.writeStackLayout(module: "misbehaving", to: scratch + "/layout.json")
            return try test(scratch, R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch))
        }
    }

    /// Every module-host child of the `tabhost` the pane runs, the spare one started ahead included, and
    /// their children: a sandboxed child is the process the host started, which waits, with the module's
    /// process and its PID namespace's reaper below it.
    static func moduleHosts(of tmux: T) throws -> [pid_t] {
        try tmux.childPIDs().flatMap { tabhost in
            ProcessState.children(of: tabhost).flatMap { [$0] + ProcessState.children(of: $0) }
        }
    }

    /// The children running a module: a child names itself after its module once it loaded one
    /// (a spare one keeps the helper's name).
    static func runningModules(of tmux: T) throws -> [pid_t] {
        try moduleHosts(of: tmux).filter { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines) == "misbehaving"
        }
    }

    /// Whether every one of `pids` has ended, within ten seconds: gone, a zombie, or ending (when the host
    /// itself is killed, the processes under its children are orphaned and wait for the system's init to
    /// reap them).
    private static func gone(_ pids: [pid_t]) -> Bool {
        ProcessState.eventually { pids.allSatisfy { !ProcessState.runs($0) } }
    }

    @Test func aSegfaultShowsOnTheTabAndTheHostRunsOn() throws {
        try Self.withSetUp(onEvent: "volatile int *nowhere = NULL; *nowhere = 1;") { scratch, command in
            let tmux = try T(command)
            try tmux.waitFor("Misbehave")
            let children = try Self.runningModules(of: tmux)
            #expect(children.count == 1)
            try tmux.send("Enter")
            let screen = try tmux.waitFor("Misbehaving stopped: SIGSEGV in event \"go\"")
            #expect(screen.contains("Restart"))
            try tmux.send("Enter")  // Restart: a new child
            try tmux.waitFor("Misbehave")
            let restarted = try Self.runningModules(of: tmux)
            #expect(restarted.count == 1 && restarted != children)
            let all = try Self.moduleHosts(of: tmux)
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            #expect(Self.gone(all))
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains("[misbehaving] error: stopped: SIGSEGV in event \"go\""), "\(log)")
        }
    }

    @Test func aHangShowsNotRespondingAndQQuitsAtOnce() throws {
        try Self.withSetUp(onEvent: "for (;;) pause();") { _, command in
            let tmux = try T(command)
            try tmux.waitFor("Misbehave")
            let children = try Self.moduleHosts(of: tmux)
            try tmux.send("Enter")
            try tmux.waitFor("Misbehaving is not responding")
            let asked = ContinuousClock.now
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(ContinuousClock.now - asked < .seconds(3))
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            #expect(Self.gone(children))
        }
    }

    @Test func whatAModulePrintsGoesToTheLogNotTheTerminal() throws {
        try Self.withSetUp(
            onEvent: "", body: #"printf("printed by the module\n"); fflush(stdout); fprintf(stderr, "warned by the module\n");"#
        ) { scratch, command in
            let tmux = try T(command)
            let screen = try tmux.waitFor("Misbehave")
            #expect(!screen.contains("printed by the module"))
            try tmux.send("q")
            try tmux.waitFor("STATUS:")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains("[misbehaving] info: printed by the module"), "\(log)")
            #expect(log.contains("[misbehaving] info: warned by the module"), "\(log)")
        }
    }

    /// A file whose constructor crashes the dynamic loader: `tabhost list` refuses it in one line and
    /// lists the rest; a running host refuses it when it is dropped into a watched directory.
    @Test func aFileThatCrashesTheLoaderIsRefusedNotFatal() throws {
        try Self.withSetUp(onEvent: "") { scratch, _ in
            let modules = scratch + "/modules"
            let crashing =
                "__attribute__((constructor)) static void boom(void) { volatile int *p = 0; *p = 1; }\n"
                + R.moduleSource(name: "boom", title: "Boom", body: "")
            try R.compile(crashing, to: scratch + "/boom.so")
            try FileManager.default.copyItem(atPath: scratch + "/boom.so", toPath: modules + "/boom.so")
            let listed = try ListInspectSupport.run(["list", modules])
            let refusal = "boom.so: crashed the dynamic loader (SIGSEGV) while loading"
            #expect((listed.stdout + listed.stderr).contains(refusal), "\(listed)")
            #expect(listed.stdout.contains("misbehaving"), "\(listed)")
            try FileManager.default.removeItem(atPath: modules + "/boom.so")

            let layout = scratch + "/layout.json"
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout], scratch: scratch))
            try tmux.waitFor("Misbehave")
            #expect(rename(scratch + "/boom.so", modules + "/boom.so") == 0)
            try tmux.waitFor("crashed the dynamic loader")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
        }
    }

    /// Quitting ends every child whole before the host exits: each child's first process, asked to end
    /// the module, kills and reaps what it started (the module's process and its namespace's PID 1), so
    /// nothing is left for the system's init to reap. The host runs under a subreaper, which counts what
    /// comes to it; a child killed outright would leave its two processes there.
    @Test func quittingLeavesNoProcessForInitToReap() throws {
        try Self.withSetUp(onEvent: "") { scratch, command in
            let subreaper = try Subreaper.build(into: scratch)
            let tmux = try T(R.quote(subreaper) + " " + command)
            try tmux.waitFor("Misbehave")  // drawn by the module's child
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(done.contains("status 0, left 0"), "\(done)")
        }
    }

    @Test(arguments: [SIGTERM, SIGKILL])
    func noChildOutlivesTheHost(signal: Int32) throws {
        try Self.withSetUp(onEvent: "") { _, command in
            let tmux = try T(command)
            try tmux.waitFor("Misbehave")
            #expect(try Self.runningModules(of: tmux).count == 1)
            let children = try Self.moduleHosts(of: tmux)
            for pid in try tmux.childPIDs() { kill(pid, signal) }
            try tmux.waitFor("STATUS:")
            #expect(Self.gone(children))
        }
    }
}
