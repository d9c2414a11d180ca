import Foundation
import TabHostTesting
import Testing

/// ABI 1.2 from outside, as a third party sees it: fixture modules built from the header alone
/// (`ABI12OutsideFixtures`), run by the real `tabhost run` in a real terminal, in process and isolated,
/// checked on the screen, in the log file, the state file and the data directory.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunABI12OutsideTests {
    typealias R = RunSupport
    typealias T = TmuxSession
    typealias F = ABI12OutsideFixtures

    /// `--isolation none`, and the default (each module in a child process).
    static let isolations = ["none", "default"]

    /// The `tabhost run` arguments that pick `isolation`.
    static func arguments(_ isolation: String) -> [String] {
        isolation == "default" ? [] : ["--isolation", isolation]
    }

    /// Compiles `modules` (name: C source) into `scratch`/modules and writes a layout of `tabs` (each a tab
    /// of the module of that name); the module directory and the layout path are returned.
    static func prepare(_ modules: [String: String], tabs: [String], in scratch: String) throws -> (modules: String, layout: String) {
        let directory = scratch + "/modules"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for (name, source) in modules {
            try R.compile(source, to: directory + "/" + name + ".so")
        }
        let items = tabs.map { #"{"name": "\#($0)", "module": "\#($0)"}"# }.joined(separator: ", ")
        let layout = scratch + "/layout.json"
        try #"{"root": {"tabs": [\#(items)]}}"#.write(toFile: layout, atomically: true, encoding: .utf8)
        return (directory, layout)
    }

    /// The command line running the modules in `paths` with `isolation` (plus `extra` arguments).
    static func command(_ paths: (modules: String, layout: String), _ isolation: String, scratch: String, extra: [String] = [])
        -> String
    {
        R.runCommand(["--modules", paths.modules, "--layout", paths.layout, "--no-watch"] + arguments(isolation) + extra, scratch: scratch)
    }

    /// The lines of the host's log file in `scratch` that contain every one of `needles`.
    static func logLines(in scratch: String, containing needles: String...) -> [String] {
        let text = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { line in needles.allSatisfy { line.contains($0) } }
    }

    /// The `name=N` counters on `screen` (the timers fixture's line).
    static func counters(_ screen: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for word in screen.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = word.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { found[String(parts[0])] = value }
        }
        return found
    }

    /// The screen once it contains `text`; on a timeout the issue is recorded and the test stops (one
    /// missing screen would only make every later wait time out too).
    @discardableResult
    static func see(_ tmux: TmuxSession, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try see(tmux, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// The screen once `predicate` holds; on a timeout the issue is recorded and the test stops.
    @discardableResult
    static func see(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool) throws
        -> String
    {
        let screen = try tmux.waitForScreen(sourceLocation: sourceLocation, predicate)
        guard predicate(screen) else { throw ScreenNeverMatched() }
        return screen
    }

    /// Ends a test whose screen never showed what it waited for (the issue is already recorded).
    struct ScreenNeverMatched: Error {}

    /// Quits with `q` and expects a clean exit.
    static func quit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.send("q")
        try Self.see(tmux, "STATUS:0", sourceLocation: sourceLocation)
    }

    // MARK: - Results

    @Test(arguments: isolations)
    func finishSendsTheResultBackAndBackSendsNull(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["opener": F.opener, "editor": F.editor], tabs: ["opener"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            try Self.see(tmux, "results=0 none yet")

            try tmux.click("Push editor")
            try Self.see(tmux, "Editor (pushed)")
            try tmux.sendLiteral("hi there")  // the field has the focus
            try Self.see(tmux, "hi there")
            try tmux.send("Tab")  // to Save
            try tmux.send("Enter")
            let saved = try Self.see(tmux, "results=1 result from editor: hi there")
            #expect(!saved.contains("Editor ("), "the editor is still shown:\n\(saved)")

            try tmux.click("Push editor")
            try Self.see(tmux, "Editor (pushed)")
            try tmux.click("Note")  // the field (see aNewInstanceOfAPushedScreenFocusesItsFirstFocusable)
            try tmux.sendLiteral("never sent")
            try Self.see(tmux, "never sent")
            try tmux.send("Escape")  // leaves the field
            try tmux.send("Escape")  // Back
            try Self.see(tmux, "results=2 result from editor: (null)")

            try tmux.click("Present editor")
            try Self.see(tmux, "Editor (presented)")
            try tmux.sendLiteral("from the modal")
            try Self.see(tmux, "from the modal")
            try tmux.send("Tab")
            try tmux.send("Enter")
            let modal = try Self.see(tmux, "results=3 result from editor: from the modal")
            #expect(!modal.contains("Editor ("), "the modal is still shown:\n\(modal)")
            try Self.quit(tmux)
        }
    }

    /// A screen pushed anew starts with the focus on its first focusable, even when the previous screen
    /// at that place in the stack (another instance of the same module) left it further down.
    @Test(arguments: isolations)
    func aNewInstanceOfAPushedScreenFocusesItsFirstFocusable(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["opener": F.opener, "editor": F.editor], tabs: ["opener"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            try tmux.click("Push editor")
            try Self.see(tmux, "Editor (pushed)")
            try tmux.send("Tab")  // to Save
            try tmux.send("Enter")
            try Self.see(tmux, "results=1 result from editor: (empty)")
            try tmux.click("Push editor")
            try Self.see(tmux, "Editor (pushed)")
            try tmux.sendLiteral("typed")  // into the field, if it has the focus
            try Self.see(tmux, "typed")
            try tmux.send("Tab")
            try tmux.send("Enter")
            try Self.see(tmux, "results=2 result from editor: typed")
            try Self.quit(tmux)
        }
    }

    // MARK: - Timers

    @Test(arguments: isolations)
    func timersFireByIdAndACancelledOneNeverFiresAgain(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["timers": F.timers], tabs: ["timers"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            // Both repeating timers run, the one-shot fired, the replaced repeating timer fired once.
            let running = try Self.see(tmux) { screen in
                let c = Self.counters(screen)
                return (c["fast"] ?? 0) >= 3 && (c["slow"] ?? 0) >= 1 && c["once"] == 1 && c["again"] == 1
            }
            let before = Self.counters(running)
            #expect((before["fast"] ?? 0) > (before["slow"] ?? 0), "fast fires more often than slow: \(running)")

            try tmux.send("Enter")  // "Stop fast", the only focusable, has the focus
            let stopped = try Self.see(tmux) { (Self.counters($0)["cancelled-at"] ?? -1) >= 0 }
            let atCancel = try #require(Self.counters(stopped)["cancelled-at"])
            let slowAtCancel = Self.counters(stopped)["slow"] ?? 0

            // Watch until slow has fired three more times (about a second): fast never moves again.
            var screens: [String] = []
            try Self.see(tmux) { screen in
                screens.append(screen)
                return (Self.counters(screen)["slow"] ?? 0) >= slowAtCancel + 3
            }
            for screen in screens {
                let c = Self.counters(screen)
                #expect(c["fast"] == atCancel, "fast fired after its cancel:\n\(screen)")
                #expect(c["once"] == 1 && c["again"] == 1, "a one-shot timer fired again:\n\(screen)")
            }
            try Self.quit(tmux)
        }
    }

    // MARK: - Render rule

    /// `RunRenderCountTests` checks the 1.2 render rule in the default isolation; this runs its fixture in both.
    @Test(arguments: isolations)
    func anEventWithoutInvalidateDoesNotRenderAgain(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["counted": RunRenderCountTests.source], tabs: ["counted"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            try Self.see(tmux, "renders=1 taps=0")
            try tmux.send("Enter")  // "Tap me" invalidates
            try Self.see(tmux, "renders=2 taps=1")
            try tmux.send("Down")
            try tmux.send("Enter")  // "second" does not
            try tmux.send("Up")
            try tmux.send("Enter")
            let screen = try Self.see(tmux, "taps=2")
            #expect(screen.contains("renders=3 taps=2"), "\(screen)")
            try Self.quit(tmux)
        }
    }

    // MARK: - Threads

    /// Under ThreadSanitizer only in process: TSan cannot follow a thread a module starts in the
    /// sanitized child (as `HostSessionTests` says of its thread test).
    @Test(arguments: Sanitizers.thread ? ["none"] : isolations)
    func aModuleThreadsSafeCallsWorkAndPushIsRefusedWithOneLogLine(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["threads": F.threads], tabs: ["threads"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            // invalidate and set_timer from the thread took effect; push did not.
            let screen = try Self.see(tmux, "produced=42 timer=1 pushed=0")
            #expect(!screen.contains("‹"), "something was pushed:\n\(screen)")
            try Self.quit(tmux)  // destroy joins the thread: no hang
            let refused = Self.logLines(in: scratch, containing: "threads", "push called from another thread")
            #expect(refused.count == 1, "\(Self.logLines(in: scratch))")
            #expect(Self.logLines(in: scratch, containing: "[threads]", "worker thread says hello").count == 1)
        }
    }

    // MARK: - save_soon

    @Test(arguments: isolations)
    func saveSoonKeepsAChangeMadeInATickAcrossAKill(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["saver": F.saver], tabs: ["saver"], in: scratch)
            let state = scratch + "/state.json"
            let first = try T(Self.command(paths, isolation, scratch: scratch, extra: ["--state", state]))
            try Self.see(first, "restored=no items=3")
            // The saved state is the item count as a little-endian int: 3 is "AwAAAA==" in base64.
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, (try? String(contentsOfFile: state, encoding: .utf8))?.contains("AwAAAA==") != true {
                usleep(50_000)
            }
            let saved = (try? String(contentsOfFile: state, encoding: .utf8)) ?? ""
            #expect(saved.contains("AwAAAA=="), "save_soon did not save: \(saved)")
            for pid in try first.childPIDs() { kill(pid, SIGKILL) }
            try Self.see(first, "STATUS:137")

            let second = try T(Self.command(paths, isolation, scratch: scratch, extra: ["--state", state]))
            let screen = try Self.see(second, "restored=yes items=3")
            #expect(screen.contains("Item 3"), "\(screen)")
            try Self.quit(second)
        }
    }

    // MARK: - data_dir and module_dir

    @Test(arguments: isolations)
    func moduleDirIsWhereTheFileLiesAndDataDirIsPrivate(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["files": F.files], tabs: ["files"], in: scratch)
            try "Hello from beside the module\n".write(toFile: paths.modules + "/notes.txt", atomically: true, encoding: .utf8)
            let dataHome = scratch + "/data-home"
            let tmux = try T(Self.command(paths, isolation, scratch: scratch), width: 250, environment: ["XDG_DATA_HOME": dataHome])
            let screen = try Self.see(tmux, "module_dir=[")
            #expect(screen.contains("notes=[Hello from beside the module]"), "\(screen)")
            #expect(screen.contains("module_dir=[\(paths.modules)]"), "not the directory the .so was put in:\n\(screen)")
            let dataDir = dataHome + "/tabhost/data/files"
            #expect(screen.contains("wrote=[\(dataDir)/written.txt]"), "\(screen)")
            #expect((try? String(contentsOfFile: dataDir + "/written.txt", encoding: .utf8)) == "written by files\n")
            let attributes = try FileManager.default.attributesOfItem(atPath: dataDir)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700, "\(attributes)")
            try Self.quit(tmux)
        }
    }

    // MARK: - View calls outside render

    @Test(arguments: isolations)
    func aViewCallOutsideRenderIsIgnoredWithOneLogLine(isolation: String) throws {
        try R.withScratch { scratch in
            let paths = try Self.prepare(["misuse": F.misuse], tabs: ["misuse"], in: scratch)
            let tmux = try T(Self.command(paths, isolation, scratch: scratch))
            try Self.see(tmux, "misused=0")
            try tmux.send("Enter")  // "Misuse": row on the view kept from the last render
            let screen = try Self.see(tmux, "misused=1")  // rendered again: the host kept running
            #expect(!screen.contains("Ghost row"), "\(screen)")
            try Self.quit(tmux)
            let lines = Self.logLines(in: scratch, containing: "misuse", "row called outside render")
            #expect(lines.count == 1, "\(Self.logLines(in: scratch))")
        }
    }
}
