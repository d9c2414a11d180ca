import Foundation
import TabHostTesting
import Testing

/// `tabhost run` with bad input: one clear line each, and the host keeps running when it can.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunBadInputTests {
    typealias R = RunSupport
    typealias S = ListInspectSupport
    typealias T = TmuxSession

    @Test func aMalformedLayoutIsOneLineWithFileLineAndColumn() throws {
        try R.withScratch { scratch in
            let layout = scratch + "/broken.json"
            try "{\n  \"root\": {\"stack\": {\"module\": \"accounts\"}\n".write(toFile: layout, atomically: true, encoding: .utf8)
            let tmux = try T(R.runCommand(["--layout", layout], scratch: scratch, stderrFile: scratch + "/err"))
            try tmux.waitFor("STATUS:1")
            let err = try String(contentsOfFile: scratch + "/err", encoding: .utf8)
            #expect(err.split(separator: "\n").count == 1, "\(err)")
            #expect(err.hasPrefix(layout + ":3:"), "\(err)")
        }
    }

    @Test func aLayoutNamingAnUnknownModuleNamesIt() throws {
        try R.withScratch { scratch in
            let layout = try R.writeStackLayout(module: "nosuchmodule", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--layout", layout], scratch: scratch, stderrFile: scratch + "/err"))
            try tmux.waitFor("STATUS:1")
            let err = try String(contentsOfFile: scratch + "/err", encoding: .utf8)
            #expect(err.split(separator: "\n").count == 1, "\(err)")
            #expect(err.hasPrefix(layout + ":"), "\(err)")
            #expect(err.contains("nosuchmodule"), "\(err)")
        }
    }

    /// `SCRATCH/modules` with `good.so` (its row says "All good here") and a text file named `bad`.
    private static func goodAndBad(in scratch: String, bad: String) throws -> String {
        let modules = scratch + "/modules"
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        try R.compile(
            R.moduleSource(name: "good", title: "Good", body: #"api->row(view, "All good here", NULL, NULL);"#), to: modules + "/good.so")
        try "not a library".write(toFile: modules + "/" + bad, atomically: true, encoding: .utf8)
        return modules
    }

    /// A layout placing a module whose file is refused starts all the same: that tab says why, the others
    /// run. Without the metadata cache knowing the name, the whole host stopped at "unknown module".
    @Test func aLayoutPlacingARefusedFileStartsAndThatTabSaysWhy() throws {
        try R.withScratch { scratch in
            let modules = try Self.goodAndBad(in: scratch, bad: "hello.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "hello", "module": "hello"}, {"name": "good", "module": "good"}]}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout, "--rescan"], scratch: scratch, stderrFile: scratch + "/err"))
            let refused = try tmux.waitFor("cannot be opened")
            #expect(refused.contains("not an ELF file"), "\(refused)")
            try tmux.send("2")
            try tmux.waitFor("All good here")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func notATerminalIsAClearError() throws {
        try R.withScratch { scratch in
            let output = try S.run(["run", "--log", scratch + "/log", "--no-watch"])
            #expect(output.status == 1, "\(output)")
            #expect(output.stdout == "")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(output)")
            #expect(output.stderr.contains("not a terminal"), "\(output)")
        }
    }

    /// A terminal that says it cannot move its cursor (an editor's shell buffer) would show the frames as
    /// escape sequences: one line saying so, before any module is loaded, and the terminal left as it was.
    @Test func aDumbTerminalIsOneLineSayingWhatToDo() throws {
        try R.withScratch { scratch in
            let tmux = try T("env TERM=dumb " + R.runCommand(["--no-watch"], scratch: scratch))
            let screen = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: screen) == "STATUS:1", "\(screen)")
            #expect(
                screen.replacingOccurrences(of: "\n", with: "").contains(
                    "TERM=dumb: this terminal cannot move its cursor, which tabhost draws with; run it in a terminal emulator "
                        + "(or under tmux), or show it in a browser with tabhost serve"), "\(screen)")
            #expect(!screen.contains("Accounts"), "\(screen)")
        }
    }

    @Test func aBadFileNextToGoodOnesIsReportedAndTheRestRuns() throws {
        try R.withScratch { scratch in
            let modules = try Self.goodAndBad(in: scratch, bad: "bad.so")
            let layout = try R.writeStackLayout(module: "good", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout], scratch: scratch, stderrFile: scratch + "/err"))
            let screen = try tmux.waitFor("All good here")
            #expect(screen.contains("1 module file(s) refused"), "\(screen)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let err = try String(contentsOfFile: scratch + "/err", encoding: .utf8)
            #expect(err == "\(modules)/bad.so: not an ELF file (starts with \"not a li\"); rebuild it with cc -shared -fPIC\n", "\(err)")
            // The status line points at the log, so the refusal is there too.
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains(" \(modules)/bad.so: not an ELF file"), "\(log)")
        }
    }

    @Test func aLogThatCannotBeOpenedIsOneLineAndTheHostRuns() throws {
        try R.withScratch { scratch in
            let blocker = scratch + "/not-a-directory"
            try "".write(toFile: blocker, atomically: true, encoding: .utf8)
            let tmux = try T(
                R.runCommand(["--log", blocker + "/tabhost.log", "--no-watch"], scratch: scratch, stderrFile: scratch + "/err"))
            try tmux.waitFor("Accounts")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let err = try String(contentsOfFile: scratch + "/err", encoding: .utf8)
            #expect(
                err
                    == "\(blocker)/tabhost.log: cannot open the log file (\(blocker): not a directory); "
                    + "pass --log FILE in a directory of your own (the host runs without a log)\n",
                "\(err)")
        }
    }
}
