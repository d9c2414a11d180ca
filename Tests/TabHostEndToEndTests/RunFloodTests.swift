import Foundation
import TabHostTesting
import Testing

/// `tabhost run` under a module's flood (issue 36: a stdout flood froze every tab, `q` took 40–60 s
/// and the log grew by 570 MiB; `api->log` grew it to 2.3 GiB in 4 s): `q` quits the host, the log
/// keeps at most the module's budget and one line per second counting the rest, and its lines are
/// the module's own (the control: its output did arrive). How fast `q` quits is measured in
/// `Scripts/bench` ("quit under an output flood"), not asserted here.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunFloodTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// A module named `name` whose `start` starts a thread that runs `loop` (C statements using `api`
    /// and `host`) until `destroy` stops it (as the ABI asks of a module's threads: in process, a thread
    /// left running races the host's exit); its render shows "Flooding".
    static func floodSource(name: String, loop: String) -> String {
        """
        #include "tab_module.h"
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        typedef struct flood { const tab_host_api *api; tab_host *host; pthread_t thread; int started, stop; } flood;
        static void *run(void *opaque) {
            flood *self = opaque;
            const tab_host_api *api = self->api;
            tab_host *host = self->host;
            (void)api; (void)host;
            unsigned long n = 0;
            while (!__atomic_load_n(&self->stop, __ATOMIC_RELAXED)) { n++; \(loop) }
            return NULL;
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            flood *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            flood *self = opaque;
            (void)param;
            if (!self->started) self->started = pthread_create(&self->thread, NULL, run, self) == 0;
        }
        static void render(void *opaque, tab_view *view) {
            flood *self = opaque;
            self->api->text(view, "Flooding");
        }
        static void destroy(void *opaque) {
            flood *self = opaque;
            __atomic_store_n(&self->stop, 1, __ATOMIC_RELAXED);
            if (self->started) pthread_join(self->thread, NULL);
            free(self);
        }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .version = "1.0", .title = "Flood",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    /// What a stdout flood writes: a line with a newline, escape bytes and a forged log line in it.
    static let stdoutLoop =
        #"char line[96]; int size = snprintf(line, sizeof line, "out %lu \033[31mred\r2026-01-01T00:00:00Z [x] error: forged\n", n); "#
        + #"(void)!write(1, line, (size_t)size);"#
    /// What a `log` flood sends: the same.
    static let logLoop =
        #"char line[96]; snprintf(line, sizeof line, "logged %lu \033[31mred\n2026-01-01T00:00:00Z [x] error: forged", n); "#
        + #"api->log(host, TAB_LOG_INFO, line);"#

    /// Runs `source` as the root of a stack with `extra` options, waits until the log shows the module's
    /// lines being dropped, quits with `q`; returns the log's lines and its size.
    private static func runUntilDropped(_ source: String, extra: [String] = []) throws -> (lines: [String], bytes: Int) {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try Fixture.compileModule(source, to: modules + "/flood.so", flags: ["-shared", "-fPIC", "-Wall", "-Werror", "-pthread"])
            let layout = try R.writeStackLayout(module: "flood", to: scratch + "/layout.json")
            let log = scratch + "/tabhost.log"
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"] + extra, scratch: scratch))
            try tmux.waitFor("Flooding")
            Self.waitUntilDropped(log)
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let text = try String(contentsOfFile: log, encoding: .utf8)
            return (text.split(separator: "\n").map(String.init), text.utf8.count)
        }
    }

    /// Waits until the log at `log` says a module's lines were dropped (the first drop line comes once
    /// the module's first second is over).
    private static func waitUntilDropped(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var dropped = false
        for _ in 0..<400 where !dropped {
            dropped = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("lines of output dropped")
            if !dropped { usleep(50_000) }
        }
        #expect(dropped, "the log never said that lines were dropped", sourceLocation: sourceLocation)
    }

    /// The log's lines that came from `flood` itself (its output or its `log` calls).
    private static func own(_ lines: [String], _ marker: String, writer: String = "flood") -> [String] {
        lines.filter { $0.contains("[\(writer)] info: \(marker) ") }
    }

    @Test func aStdoutFloodLeavesQWorkingAndTheLogWithinItsBudget() throws {
        let (lines, bytes) = try Self.runUntilDropped(Self.floodSource(name: "flood", loop: Self.stdoutLoop))
        let own = Self.own(lines, "out")
        let drops = lines.filter { $0.contains(" flood: ") && $0.contains(" lines of output dropped (over ") }
        #expect(!own.isEmpty, "the control: the module's output reaches the log")
        #expect(!drops.isEmpty)
        // At most the budget for each second the flood ran (a drop line closes each one), and the next's.
        #expect(own.count <= 100 * (drops.count + 1))
        #expect(bytes < 1 << 20, "the log grew by \(bytes) bytes")
        Self.expectNoForgery(lines)
    }

    /// The host reads an isolated module's output no faster than `ModuleLimits.maximumOutputBytesReadPerSecond`
    /// (256 KiB a second): past it the module's writes wait on its full pipe, instead of the host spending a
    /// core reading lines the log drops. The lines number the module's writes, so the last one the log
    /// keeps bounds how many it could make: at most the budget for each second the flood ran, and a pipe's
    /// worth (the lines are about 60 bytes). Without the bound, millions in a second.
    @Test func aStdoutFloodIsReadNoFasterThanItsBudget() throws {
        let (lines, _) = try Self.runUntilDropped(Self.floodSource(name: "flood", loop: Self.stdoutLoop))
        let numbers = Self.own(lines, "out").compactMap { line in
            line.split(separator: " ").drop { $0 != "out" }.dropFirst().first.flatMap { Int($0) }
        }
        let drops = lines.filter { $0.contains(" flood: ") && $0.contains(" lines of output dropped (over ") }
        let last = try #require(numbers.max(), "the control: the module's output reaches the log")
        #expect(last < 6000 * (drops.count + 3), "\(last) lines written in about \(drops.count + 1) seconds")
    }

    @Test(.disabled(if: Sanitizers.thread, "TSan cannot follow a thread a module starts in the -static-stdlib child"))
    func aLogFloodFromAThreadLeavesQWorkingAndTheLogWithinItsBudget() throws {
        let (lines, bytes) = try Self.runUntilDropped(Self.floodSource(name: "flood", loop: Self.logLoop))
        let own = Self.own(lines, "logged")
        #expect(!own.isEmpty, "the control: the module's log lines reach the log")
        let drops = lines.filter { $0.contains(" flood: ") && $0.contains(" lines of output dropped (over ") }
        #expect(!drops.isEmpty)
        #expect(own.count <= 100 * (drops.count + 1))
        #expect(bytes < 1 << 20, "the log grew by \(bytes) bytes")
        Self.expectNoForgery(lines)
    }

    /// A module naming images it may not read, new paths in every render (each path's refusal is one log
    /// line, and paths are without end): those lines are its own, under its budget. Before, a module wrote
    /// thousands a second this way.
    @Test(.disabled(if: Sanitizers.thread, "TSan cannot follow a thread a module starts in the -static-stdlib child"))
    func refusedImagesOfNewPathsStayWithinTheModulesBudget() throws {
        let images =
            #"self->api->text(view, "Flooding"); static unsigned long k; "#
            + #"for (int i = 0; i < 300; i++) { char p[64]; snprintf(p, sizeof p, "/nowhere/%lu.png", k++); self->api->image(view, p, "x"); }"#
        let source = Self.floodSource(name: "flood", loop: "api->invalidate(host); usleep(20000);")
            .replacingOccurrences(of: #"self->api->text(view, "Flooding");"#, with: images)
        let (lines, bytes) = try Self.runUntilDropped(source)
        let refused = lines.filter { $0.contains("[flood] warning: image \"/nowhere/") }
        let drops = lines.filter { $0.contains(" flood: ") && $0.contains(" lines of output dropped (over ") }
        #expect(!refused.isEmpty, "the control: the refusals reach the log")
        #expect(!drops.isEmpty)
        #expect(refused.count <= 100 * (drops.count + 1), "\(refused.count) lines in \(drops.count + 1) seconds")
        #expect(bytes < 1 << 20, "the log grew by \(bytes) bytes")
    }

    /// A thread calling `set_timer` without end (one of the calls safe from any thread) is read no faster than
    /// `ModuleLimits.maximumMessagesReadPerSecond` (10,000 a second): past it the module's writes wait on its
    /// full socket, instead of the host spending a core on them. Every thousandth call logs its number, so
    /// the last number logged bounds the calls made in the seconds the log's timestamps span (and what the
    /// socket and one read hold). Without the bound, hundreds of thousands a second.
    @Test(.disabled(if: Sanitizers.thread, "TSan cannot follow a thread a module starts in the -static-stdlib child"))
    func aTimerFloodFromAThreadIsReadNoFasterThanItsBudget() throws {
        let loop =
            #"api->set_timer(host, "t", 60000, 0); "#
            + #"if (n % 1000 == 0) { char line[64]; snprintf(line, sizeof line, "calls %lu", n); api->log(host, TAB_LOG_INFO, line); }"#
        let lines = try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            let source = Self.floodSource(name: "flood", loop: loop)
            try Fixture.compileModule(source, to: modules + "/flood.so", flags: ["-shared", "-fPIC", "-Wall", "-Werror", "-pthread"])
            let layout = try R.writeStackLayout(module: "flood", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch))
            try tmux.waitFor("Flooding")
            sleep(2)
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            return try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let calls = Self.own(lines, "calls")
        let numbers = calls.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        let seconds = Set(calls.map { $0.prefix(20) }).count
        let last = try #require(numbers.max(), "the control: the module's calls reach the host")
        // The slack: what the child's socket and one read of the host's (1 MiB) hold, some 40,000 calls.
        #expect(last <= 10_000 * (seconds + 2) + 60_000, "\(last) calls in the \(seconds) seconds the log spans")
    }

    @Test func aLogFloodFromAThreadInProcessLeavesQWorkingAndTheLogWithinItsBudget() throws {
        let (lines, bytes) = try Self.runUntilDropped(
            Self.floodSource(name: "flood", loop: Self.logLoop), extra: ["--isolation", "none"])
        #expect(!Self.own(lines, "logged").isEmpty, "the control: the module's log lines reach the log")
        #expect(bytes < 1 << 20, "the log grew by \(bytes) bytes")
        Self.expectNoForgery(lines)
    }

    /// An in-process module (`--isolation none`) flooding stdout from a thread: its lines go to the log
    /// under the output budget (as `in-process`), never onto the screen; the other tab still answers
    /// (`2` selects it and it draws), and `q` quits. The control: its output did reach the log.
    @Test func anInProcessStdoutFloodGoesToTheLogAndTheOtherTabStillAnswers() throws {
        let calm = """
            #include "tab_module.h"
            static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
            static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, "Calm here"); }
            static void destroy(void *self) { (void)self; }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "calm", .version = "1.0", .title = "Calm",
                .create = create, .render = render, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        let text = try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try Fixture.compileModule(
                Self.floodSource(name: "flood", loop: Self.stdoutLoop), to: modules + "/flood.so",
                flags: ["-shared", "-fPIC", "-Wall", "-Werror", "-pthread"])
            try R.compile(calm, to: modules + "/calm.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "flood", "module": "flood"}, {"name": "calm", "module": "calm"}]}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let log = scratch + "/tabhost.log"
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout, "--no-watch", "--isolation", "none"], scratch: scratch))
            try tmux.waitFor("Flooding")
            Self.waitUntilDropped(log)
            try tmux.send("2")
            let calmScreen = try tmux.waitFor("Calm here")
            #expect(!calmScreen.contains("forged") && !calmScreen.contains("out "), "the module's output reached the screen")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            return try String(contentsOfFile: log, encoding: .utf8)
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!Self.own(lines, "out", writer: "in-process").isEmpty, "the control: the module's output reaches the log")
        #expect(lines.contains { $0.contains(" in-process: ") && $0.contains(" lines of output dropped (over ") })
        #expect(text.utf8.count < 1 << 20, "the log grew by \(text.utf8.count) bytes")
        Self.expectNoForgery(lines)
    }

    /// 300 words of 16 KiB in one render (issue 36: it stalled the terminal 11.7 s): the view is cut at its
    /// byte budget and the tab's last line says so (End scrolls to it: the terminal still answers keys),
    /// the log says why once, and `q` quits. The control is the tab's first line: the render did run.
    @Test func aRenderOf300WordsOf16KiBIsCutAndTheTerminalStaysResponsive() throws {
        let source = """
            #include "tab_module.h"
            #include <stdlib.h>
            #include <string.h>
            static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
            static void render(void *self, tab_view *view) {
                const tab_host_api *api = self;
                char *word = malloc(16385);
                if (word == NULL) abort();
                memset(word, 'w', 16384);
                word[16384] = '\\0';
                api->text(view, "Words ahead");
                for (int i = 0; i < 300; i++) api->text(view, word);
                free(word);
            }
            static void destroy(void *self) { (void)self; }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "words", .version = "1.0", .title = "Words",
                .create = create, .render = render, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(source, to: modules + "/words.so")
            let layout = try R.writeStackLayout(module: "words", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch))
            try tmux.waitFor("Words ahead")
            try tmux.send("End")
            try tmux.waitFor("… cut: the view exceeded \(4 << 20) bytes")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            let why = log.split(separator: "\n").filter { $0.contains("render made a view of more than \(4 << 20) bytes") }
            #expect(!why.isEmpty, "the log never said why the view was cut")
        }
    }

    /// Every line the module sent is one line, its newline and escape bytes shown as text: no line starts
    /// with the forged stamp, and no control byte is left.
    private static func expectNoForgery(_ lines: [String]) {
        #expect(!lines.contains { $0.hasPrefix("2026-01-01T00:00:00Z") })
        #expect(!lines.contains { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        #expect(lines.contains { $0.contains(#"\x1b[31mred"#) && $0.contains("2026-01-01T00:00:00Z [x] error: forged") })
    }
}
