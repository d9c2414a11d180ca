import Foundation
import TabHostTesting
import Testing

/// `tabhost dev` in tmux, as a module author meets it: new → dev → tap → edit → the new text with the
/// state kept → a compile error shown while the old version runs → the build log → fixed → reloaded.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct DevCommandTests {
    typealias T = TmuxSession

    /// Rewrites `file` in place with `old` replaced by `new` (as an editor without backup files saves).
    static func edit(_ file: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old), "\(file) has no \(old)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: old, with: new).utf8))
        try handle.close()
    }

    /// The shell line that runs `tabhost dev` in `project`, then prints its exit status.
    static func devCommand(in project: String, scratch: String, _ arguments: [String] = []) -> String {
        let args = (["dev", "--log", scratch + "/tabhost.log"] + arguments).map(RunSupport.quote).joined(separator: " ")
        return "cd \(RunSupport.quote(project)) && \(RunSupport.quote(Products.tabhost)) \(args); echo \"STATUS:$?\""
    }

    static func tapsLine(_ screen: String) -> String? {
        T.lines(of: screen).first { $0.hasPrefix(" Taps") }
    }

    /// The author runs what they wrote: the permissions their module declares are granted for the session,
    /// with no prompt on its tab and nothing written to the grants store.
    @Test func devGrantsWhatTheProjectsModuleDeclares() throws {
        try RunSupport.withScratch { scratch in
            let created = try ListInspectSupport.run(["new", "asking", "--output", scratch])
            try #require(created.status == 0, "\(created)")
            let project = scratch + "/asking"
            try Self.edit(project + "/asking.c", replacing: ".glyph = \"◆\",", with: ".glyph = \"◆\", .permissions = \"network\",")
            let config = scratch + "/config"
            let tmux = try T("XDG_CONFIG_HOME=" + RunSupport.quote(config) + " " + Self.devCommand(in: project, scratch: scratch))
            let screen = try tmux.waitFor("Edit the source, rebuild")
            #expect(!screen.contains("asks to"), "\(screen)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
            #expect(log.contains("[asking] info: sandbox: landlock ABI") && log.contains("granted: network"), "\(log)")
            #expect(!log.contains("asks to"), "\(log)")
            #expect(!FileManager.default.fileExists(atPath: config + "/tabhost/permissions.json"))
        }
    }

    @Test func newDevTapEditBreakFix() throws {
        try RunSupport.withScratch { try Self.newDevTapEditBreakFixSteps(in: $0) }
    }

    /// The steps of `newDevTapEditBreakFix`, in a function of their own: written in the closure itself, it crashes
    /// Swift 6.3.1's SendNonSendable pass (`map::at`), as `try #require` and `#expect` there with several
    /// trailing closures do.
    private static func newDevTapEditBreakFixSteps(in scratch: String) throws {
        let created = try ListInspectSupport.run(["new", "hello", "--output", scratch])
        try #require(created.status == 0, "\(created)")
        let project = scratch + "/hello"
        let source = project + "/hello.c"
        let tmux = try T(Self.devCommand(in: project, scratch: scratch))
        try tmux.waitFor("Edit the source, rebuild")
        try tmux.send("Enter")
        let tapped = try tmux.waitForScreen { Self.tapsLine($0)?.hasSuffix(" 1") == true }
        #expect(T.lines(of: tapped).last { !$0.isEmpty }?.contains("Hello (1)") == true, "the badge:\n\(tapped)")

        try Self.edit(source, replacing: "Edit the source, rebuild, and the host reloads it.", with: "Changed while running.")
        let changed = try tmux.waitForScreen { $0.contains("Changed while running.") && $0.contains("reloaded hello") }
        #expect(Self.tapsLine(changed)?.hasSuffix(" 1") == true, "the taps survive the reload:\n\(changed)")

        try Self.edit(source, replacing: "s->api->button(view, \"Tap\", \"tap\");", with: "s->api->button(view, \"Tap\", \"tap\")")
        let broken = try tmux.waitForScreen { $0.contains("build failed: hello.c:") }
        #expect(broken.contains("error: expected "), "\(broken)")
        #expect(broken.contains("Changed while running."), "the running version stays:\n\(broken)")
        #expect(Self.tapsLine(broken)?.hasSuffix(" 1") == true, "\(broken)")

        try tmux.send("C-b")
        let log = try tmux.waitForScreen { $0.contains("Build log") && $0.contains("Diagnostics") }
        #expect(log.contains("hello.c:") && log.contains("exit status"), "\(log)")
        // The compiler's caret line keeps its indentation: its "|" is under the source line's (it was
        // drawn as "| ^", the caret off its column).
        let lines = T.lines(of: log)
        let caret = try #require(lines.firstIndex { $0.contains("|") && $0.contains("^") }, "no caret line:\n\(log)")
        let bar = { (line: String) in line.firstIndex(of: "|").map { line.distance(from: line.startIndex, to: $0) } }
        #expect(caret > 0 && bar(lines[caret]) == bar(lines[caret - 1]), "\(log)")
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("Build log") && $0.contains("Changed while running.") }

        try Self.edit(
            source, replacing: "s->api->button(view, \"Tap\", \"tap\")\n", with: "s->api->button(view, \"Tap again\", \"tap\");\n")
        try Self.edit(source, replacing: "Changed while running.", with: "Fixed.")
        let fixed = try tmux.waitForScreen { $0.contains("Fixed.") && $0.contains("Tap again") && $0.contains("reloaded hello") }
        #expect(!fixed.contains("build failed"), "a good build clears the failure:\n\(fixed)")
        #expect(Self.tapsLine(fixed)?.hasSuffix(" 1") == true, "\(fixed)")
        try tmux.send("q")
        try tmux.waitFor("STATUS:0")
    }

    /// Before anything runs, one line says that the project's build runs unconfined and that its module
    /// gets what it declares (then, here, the host cannot start without a terminal).
    @Test func devWarnsThatItRunsTheBuildAndGrantsWhatTheModuleDeclares() throws {
        try RunSupport.withScratch { scratch in
            let created = try ListInspectSupport.run(["new", "hello", "--output", scratch])
            try #require(created.status == 0, "\(created)")
            let result = try ListInspectSupport.run(["dev", scratch + "/hello"])
            let lines = result.stderr.split(separator: "\n")
            #expect(
                lines.first?.hasPrefix("tabhost dev: warning: this runs hello's build (make ") == true
                    && lines.first?.hasSuffix(
                        "unconfined, as you, and grants its module every permission it declares; use it only on a project you trust")
                        == true,
                "\(result)")
        }
    }

    @Test func notAProjectIsOneLineAndStatusOne() throws {
        try RunSupport.withScratch { scratch in
            let result = try ListInspectSupport.run(["dev", scratch])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "tabhost dev: \(scratch): no Makefile or Package.swift, so not a module project; "
                    + "make one with `tabhost new NAME` (or `--swift`) and run `tabhost dev` in it, or pass its directory\n"
            )
        }
    }

    @Test func theModuleJoinsALayoutsAcceptingContainer() throws {
        try RunSupport.withScratch { scratch in
            #expect(try ListInspectSupport.run(["new", "hello", "--output", scratch]).status == 0)
            let modules = scratch + "/mods"
            mkdir(modules, 0o700)
            try RunSupport.compile(
                RunSupport.moduleSource(name: "other", title: "Other", body: #"api->text(view, "the other tab");"#),
                to: modules + "/other.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "other", "module": "other"}], "acceptsNewModules": true}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let tmux = try T(Self.devCommand(in: scratch + "/hello", scratch: scratch, ["--layout", layout, "--modules", modules]))
            // The layout's tab draws its title until its module's first view comes from its child.
            let screen = try tmux.waitForScreen {
                T.lines(of: $0).last { !$0.isEmpty }?.contains("Hello") == true && $0.contains("the other tab")
            }
            #expect(screen.contains("the other tab"), "the layout's own tab stays selected:\n\(screen)")
            try tmux.send("2")
            try tmux.waitFor("Edit the source, rebuild")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
