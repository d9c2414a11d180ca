import Foundation
import TabHostTesting
import Testing

/// What an in-process module prints before the terminal front end starts (issue 36: its constructor's
/// and `create`'s output reached the user's terminal raw, escape sequences included, unbounded): it goes
/// to the log as `[in-process]`, escaped, and never onto the screen, while the host's own lines (a
/// refused file, a bad layout) still reach the user's standard error.
@Suite(.hangGuard, .blocking)
struct RunInProcessOutputTests {
    typealias R = RunSupport
    typealias S = ListInspectSupport
    typealias T = TmuxSession

    /// A module whose constructor prints to stdout through stdio (an OSC 52 clipboard write and a colour
    /// before its marker) and whose `create` writes to stderr; its render shows "Printed early".
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        __attribute__((constructor)) static void loaded(void) {
            printf("\\033]52;c;aGk=\\007\\033[31mEARLY-CONSTRUCTOR marker\\n");
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            (void)host;
            fprintf(stderr, "\\033[2JEARLY-CREATE marker\\n");
            return (void *)api;
        }
        static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, "Printed early"); }
        static void destroy(void *self) { (void)self; }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "early", .version = "1.0", .title = "Early",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    /// Calls `body` with a scratch directory and its `modules` directory holding `early.so`, built from `source`.
    private static func withEarlyModule(_ body: (_ scratch: String, _ modules: String) throws -> Void) throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(source, to: modules + "/early.so")
            try body(scratch, modules)
        }
    }

    /// `--isolation none` (every module in the host's process) and a layout node's `"isolation": "none"`
    /// (that module alone; the host opens its file after the scanner did).
    @Test(
        .tags(.tmux), .selectedByTags,
        arguments: [
            (["--isolation", "none"], #"{"root": {"stack": {"module": "early"}}}"#),
            ([], #"{"root": {"stack": {"module": "early", "isolation": "none"}}}"#),
        ])
    func outputBeforeTheFrontEndStartsGoesToTheLog(options: [String], layout: String) throws {
        try Self.withEarlyModule { scratch, modules in
            try "not a library".write(toFile: modules + "/bad.so", atomically: true, encoding: .utf8)
            try layout.write(toFile: scratch + "/layout.json", atomically: true, encoding: .utf8)
            let err = scratch + "/err"
            let tmux = try T(
                R.runCommand(
                    ["--modules", modules, "--layout", scratch + "/layout.json", "--no-watch", "--rescan"] + options,
                    scratch: scratch, stderrFile: err))
            try tmux.waitFor("Printed early")
            try tmux.send("q")
            // Back on the terminal's own screen, where a write before the front end started would show.
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            #expect(!done.contains("EARLY-"), "the module's output reached the terminal:\n\(done)")
            let errors = try String(contentsOfFile: err, encoding: .utf8)
            #expect(
                errors.contains("\(modules)/bad.so: not an ELF file") && !errors.contains("EARLY-"),
                "the host's refusal must reach standard error, the module's output must not:\n\(errors)")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8).split(separator: "\n")
            #expect(log.contains { $0.contains(#"[in-process] info: \x1b]52;c;aGk=\x07\x1b[31mEARLY-CONSTRUCTOR marker"#) }, "\(log)")
            #expect(log.contains { $0.contains(#"[in-process] info: \x1b[2JEARLY-CREATE marker"#) }, "\(log)")
        }
    }

    /// A bad layout after the modules were loaded in process (no terminal needed: the layout is reported
    /// first): the capture ends before the layout's line is written, so that line reaches standard error,
    /// and the constructor's output, still in stdio's buffer, goes to the log, not to standard output.
    @Test func aBadLayoutIsStillReportedOnStandardError() throws {
        try Self.withEarlyModule { scratch, modules in
            let layout = try R.writeStackLayout(module: "nosuchmodule", to: scratch + "/layout.json")
            let ran = try S.run(
                ["run", "--log", scratch + "/tabhost.log", "--modules", modules, "--layout", layout, "--no-watch", "--isolation", "none"])
            #expect(ran.status == 1, "\(ran)")
            #expect(ran.stdout == "", "the module's output reached standard output: \(ran)")
            let lines = ran.stderr.split(separator: "\n")
            #expect(lines.last?.hasPrefix(layout + ":") == true && lines.last?.contains("nosuchmodule") == true, "\(ran)")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains("[in-process] info: \\x1b]52;c;aGk=\\x07\\x1b[31mEARLY-CONSTRUCTOR marker"), "\(log)")
        }
    }
}
