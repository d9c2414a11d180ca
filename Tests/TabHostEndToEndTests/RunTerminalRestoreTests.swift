import Foundation
import TabHostTesting
import Testing

/// The terminal is handed back usable after `q`, SIGTERM and a module that segfaults: main screen,
/// cursor shown, mouse reporting off, and the shell's next `read` echoes what is typed.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunTerminalRestoreTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// After the host ended: checks the modes, the exit status line and that typed input echoes.
    static func expectRestored(_ tmux: T, status: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screen = try tmux.waitFor("STTY:", sourceLocation: sourceLocation)
        let statusLine = R.line(containing: "STATUS:", in: screen) ?? ""
        #expect(status(statusLine), "\(screen)", sourceLocation: sourceLocation)
        #expect(try tmux.terminalModes() == "alternate=0 cursor=1 mouse=0000", sourceLocation: sourceLocation)
        let stty = R.line(containing: "STTY:", in: screen) ?? ""
        let flags = Set(stty.dropFirst("STTY:".count).split(separator: " ").map(String.init))
        #expect(flags == ["echo", "icanon"], "\(stty)", sourceLocation: sourceLocation)
        try tmux.sendLiteral("typed back")
        try tmux.send("Enter")
        let after = try tmux.waitForScreen(recordingTimeout: false) { $0.contains("GOT:typed back") }
        if !after.contains("GOT:typed back") {
            // Say what held the terminal: which process has it, its modes and any unread input.
            Issue.record(
                "the typed line never came back; last screen:\n\(after)\n\(try tmux.terminalReport())", sourceLocation: sourceLocation)
            return
        }
        // The tty echoed the typed line itself (echo on, canonical mode), before the shell printed it.
        #expect(T.lines(of: after).contains("typed back"), "\(after)", sourceLocation: sourceLocation)
    }

    @Test func afterQuitWithQ() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.waitFor("Dynamic tabs")
            #expect(try tmux.terminalModes() == "alternate=1 cursor=0 mouse=1101")
            try tmux.send("q")
            try Self.expectRestored(tmux) { $0 == "STATUS:0" }
        }
    }

    @Test func afterSIGTERM() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            try tmux.waitFor("Dynamic tabs")
            try tmux.send("Enter")
            try tmux.waitFor("Jack's favourites")
            let children = try tmux.childPIDs()
            #expect(children.count == 1)
            for pid in children { kill(pid, SIGTERM) }
            try Self.expectRestored(tmux) { $0 == "STATUS:143" }
        }
    }

    @Test func afterAModuleSegfaults() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(
                R.moduleSource(
                    name: "crasher", title: "Crasher", body: #"api->row(view, "Crash now", NULL, "crash");"#,
                    onEvent: "if (event->type == TAB_EVENT_ACTION) { volatile int *nowhere = NULL; *nowhere = 1; }"),
                to: modules + "/crasher.so")
            let layout = try R.writeStackLayout(module: "crasher", to: scratch + "/layout.json")
            // In process: the module's crash is the host's (RunIsolationTests has the default, isolated case).
            let arguments = ["--modules", modules, "--layout", layout, "--no-watch", "--isolation", "none"]
            let tmux = try T(R.runCommand(arguments, scratch: scratch))
            try tmux.waitFor("Crash now")
            try tmux.send("Enter")
            try Self.expectRestored(tmux) { $0 == "STATUS:139" }
        }
    }
}
