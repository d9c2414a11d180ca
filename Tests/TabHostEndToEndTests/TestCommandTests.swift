import Foundation
import TabHostTesting
import Testing

/// `tabhost test` as a module author meets it: a module built from the header alone, scripts written from
/// docs/modules/testing.md, the built `tabhost` run as a third party runs it.
@Suite(.hangGuard, .blocking)
struct TestCommandTests {
    typealias S = ListInspectSupport

    static let timers = """
        # Five firings, then the module cancels its timer.
        expect title "Ticker"
        expect "fires: 0"
        expect focus "Start"
        click "Start"
        wait 250ms
        expect "fires: 2"
        wait 1s
        expect "fires: 5"
        expect log "fired 5"
        wait 2s
        expect not "fires: 6"

        """

    @Test func aSuiteOfAModuleFromTheHeaderAlonePasses() throws {
        try S.withDirectory { scratch in
            let project = try TabTestProject(
                in: scratch + "/ticker",
                scripts: [
                    "timers.tabtest": Self.timers,
                    "keys.tabtest": "param \"Hello\"\nexpect title \"Hello\"\npress down down\nexpect focus \"Slow\"\n",
                ])
            let run = try project.test(["--junit", scratch + "/junit.xml"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "1..2\nok 1 - tests/keys.tabtest\nok 2 - tests/timers.tabtest\n2 passed, 0 failed\n", "\(run)")
            let junit = try String(contentsOfFile: scratch + "/junit.xml", encoding: .utf8)
            #expect(junit.contains("tests=\"2\" failures=\"0\""), "\(junit)")
            // A report that cannot be written is one line naming the file, why and what to do.
            let nowhere = try project.test(["--junit", scratch + "/missing/junit.xml"])
            #expect(nowhere.status == 2, "\(nowhere)")
            #expect(
                nowhere.stderr.hasSuffix(
                    "\ntabhost test: \(scratch)/missing/junit.xml: cannot write the report (No such file or directory); "
                        + "check that its directory exists and is writable\n"), "\(nowhere)")
        }
    }

    /// The module changed so that a step fails: the script fails at that step's line, with what was expected
    /// and the screen it held; the other script still passes.
    @Test func aBrokenStepFailsWithItsLineAndTheScreen() throws {
        try S.withDirectory { scratch in
            let source = TabTestProject.source.replacingOccurrences(of: "\"fires: %d\"", with: "\"fired: %d\"")
            let project = try TabTestProject(
                in: scratch + "/ticker", scripts: ["timers.tabtest": Self.timers, "title.tabtest": "expect title \"Ticker\"\n"],
                source: source)
            let run = try project.test()
            #expect(run.status == 1, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.prefix(3) == [
                    "1..2", "not ok 1 - tests/timers.tabtest",
                    "# line 3: expect \"fires: 0\": expected the screen to hold \"fires: 0\"; it held:",
                ], "\(run)")
            #expect(lines.contains("#   | fired: 0"), "\(run)")
            #expect(lines.contains("ok 2 - tests/title.tabtest"), "\(run)")
            #expect(lines.last == "1 passed, 1 failed", "\(run)")
        }
    }

    /// `--update` writes a missing snapshot and says so; the next runs pass with the same output, byte for
    /// byte, and leave the file alone; a change of style fails with a diff that reads as text.
    @Test func updateWritesSnapshotsAndTheNextRunsPassIdentically() throws {
        try S.withDirectory { scratch in
            let script = "click \"Start\"\nwait 2s\nsnapshot five\n"
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["snap.tabtest": script])
            let missing = try project.test()
            #expect(missing.status == 1, "\(missing)")
            #expect(
                missing.stdout.contains("# line 3: snapshot five: no snapshot tests/__snapshots__/five.txt yet; run tabhost test --update"),
                "\(missing)")
            let update = try project.test(["--update"])
            #expect(update.status == 0, "\(update)")
            #expect(update.stdout.contains("ok 1 - tests/snap.tabtest\n# wrote tests/__snapshots__/five.txt\n"), "\(update)")
            let snapshot = try project.read("tests/__snapshots__/five.txt")
            let top = snapshot.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map(String.init)
            #expect(top == ["tabhost-snapshot 1 80x22", "| fires: 5", "| Start" + String(repeating: " ", count: 72) + "›"], "\(snapshot)")
            #expect(snapshot.contains("\nstyles\n1:2-9 bold\n2:1-80 focus\n"), "\(snapshot)")
            let second = try project.test()
            let third = try project.test()
            #expect(second.status == 0 && second.stdout == "1..1\nok 1 - tests/snap.tabtest\n1 passed, 0 failed\n", "\(second)")
            #expect(second.stdout == third.stdout)
            #expect(try project.read("tests/__snapshots__/five.txt") == snapshot)

            try project.write("ticker.c", TabTestProject.source.replacingOccurrences(of: "t->api->style(view, TAB_STYLE_BOLD);", with: ""))
            let changed = try project.test()
            #expect(changed.status == 1, "\(changed)")
            #expect(changed.stdout.contains("# - 1:2-9 bold\n"), "\(changed)")
        }
    }

    /// A crash and a call that takes 400 ms of CPU time each fail their script with one line naming the step.
    @Test func aCrashAndASlowCallFailTheirScriptsWithOneLine() throws {
        try S.withDirectory { scratch in
            let project = try TabTestProject(
                in: scratch + "/ticker",
                scripts: ["crash.tabtest": "click \"Crash\"\nexpect \"fires: 0\"\n", "slow.tabtest": "click \"Slow\"\n"])
            let run = try project.test()
            #expect(run.status == 1, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 6, "\(run)")
            #expect(lines.dropFirst().first == "not ok 1 - tests/crash.tabtest")
            #expect(
                lines.dropFirst(2).first?.hasPrefix("# line 1: click \"Crash\": the module crashed: Ticker stopped: SIGSEGV") == true,
                "\(run)")
            #expect(lines.dropFirst(4).first?.hasPrefix("# line 1: click \"Slow\": the module used ") == true, "\(run)")
            let relaxed = try project.test(["--filter", "slow", "--slow", "2000"])
            #expect(relaxed.status == 0, "\(relaxed)")
        }
    }

    /// The CPU time of a process the module forks and waits for within the step counts too: such a
    /// worker took 1.5 s of CPU time in a step and the script passed.
    @Test func aSlowCallInAForkedWorkerFailsItsScriptToo() throws {
        try S.withDirectory { scratch in
            let spin = "while ((double)(clock() - begin) / CLOCKS_PER_SEC < 0.4) {}"
            let source = TabTestProject.source.replacingOccurrences(
                of: spin, with: "pid_t worker = fork(); if (worker == 0) { \(spin) _exit(0); } if (worker > 0) waitpid(worker, NULL, 0);")
            try #require(source != TabTestProject.source)
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["slow.tabtest": "click \"Slow\"\n"], source: source)
            let run = try project.test()
            #expect(run.status == 1, "\(run)")
            #expect(run.stdout.contains("# line 1: click \"Slow\": the module used "), "\(run)")
        }
    }

    /// A module made a tree 3,000 levels deep in its data directory during a script: the run passed and
    /// left its scratch directory (`TMPDIR/tabhost-test-XXXXXX`) behind, tree and all, every time. The
    /// control: the script sees the tree made (the module logs its depth).
    @Test func aDeepTreeInTheDataDirectoryIsRemovedWithTheScratch() throws {
        try S.withDirectory { scratch in
            let deep = """
                { const char *dir = t->api->data_dir(t->host); int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1; int level = 0;
                  while (fd >= 0 && level < 3000 && mkdirat(fd, "d", 0700) == 0) { int next = openat(fd, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC); close(fd); fd = next; if (fd >= 0) level++; }
                  if (fd >= 0) close(fd);
                  char line[32]; snprintf(line, sizeof line, "deep: %d", level); t->api->log(t->host, TAB_LOG_INFO, line); }
                """
            let source =
                "#include <fcntl.h>\n#include <sys/stat.h>\n"
                + TabTestProject.source.replacingOccurrences(of: "raise(SIGSEGV);", with: deep)
            try #require(source.contains("deep: %d"))
            let project = try TabTestProject(
                in: scratch + "/ticker", scripts: ["deep.tabtest": "click \"Crash\"\nexpect log \"deep: 3000\"\n"], source: source)
            let temporary = scratch + "/tmp"
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            // Making the tree takes more CPU time than a step may by default.
            let run = try ListInspectSupport.run(["test", project.directory, "--slow", "100000"], environment: ["TMPDIR": temporary])
            #expect(run.status == 0, "\(run)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "left in TMPDIR")
        }
    }

    /// A run killed by a signal cannot remove its scratch directory (50 MiB a module wrote, in the outside
    /// try): the next run removes those whose process is gone (`tabhost-test-PID-…`). The control: one of
    /// a process that runs is kept.
    @Test func theNextRunRemovesTheScratchOfAKilledOne() throws {
        try S.withDirectory { scratch in
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["a.tabtest": "expect \"fires: 0\"\n"])
            let temporary = scratch + "/tmp"
            let ended = try RunningProcess("/bin/true")
            #expect(ended.wait().succeeded)
            let files = FileManager.default
            let killed = temporary + "/tabhost-test-\(ended.pid)-AbCdEf"
            let running = temporary + "/tabhost-test-\(getpid())-GhIjKl"
            for directory in [killed + "/data/tabhost/data/ticker", running] {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try "left\n".write(toFile: killed + "/data/tabhost/data/ticker/file", atomically: false, encoding: .utf8)
            let result = try ListInspectSupport.run(["test", project.directory], environment: ["TMPDIR": temporary])
            #expect(result.status == 0, "\(result)")
            #expect(try files.contentsOfDirectory(atPath: temporary) == ["tabhost-test-\(getpid())-GhIjKl"])
        }
    }

    /// `tabhost test` ended by SIGTERM while the project's build ran left the build behind (its own process
    /// group, reparented to init): make stopped, but the shell running its recipe passed nothing on. The
    /// build's group is now asked to stop, then killed, whenever tabhost ends. The control: the recipe's
    /// process is seen running before the signal.
    @Test func aBuildEndsWithTheCommandThatStartedIt() throws {
        try S.withDirectory { scratch in
            let seconds = "60." + String(Int.random(in: 100_000...999_999))
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["a.tabtest": "expect \"fires: 0\"\n"])
            try project.write(
                "Makefile", "ticker.so: ticker.c tab_module.h\n\tsleep \(seconds); cc -shared -fPIC -I. -o ticker.so ticker.c\n")
            let sleeping = {
                ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
                    let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
                    return command == "sleep\0\(seconds)\0" && ProcessState.runs(pid)
                }
            }
            let command = try RunningProcess(Products.tabhost, arguments: ["test", project.directory])
            defer { for pid in sleeping() { kill(pid, SIGKILL) } }
            #expect(ProcessState.eventually { !sleeping().isEmpty }, "the control: the build's recipe runs")
            command.signal(SIGTERM)
            #expect(command.wait(timeout: .seconds(10)).termination == .signaled(SIGTERM))
            #expect(ProcessState.eventually { sleeping().isEmpty }, "left running: \(sleeping())")
        }
    }

    /// `tests/__snapshots__` as a link to a directory elsewhere: the run printed the files there in its
    /// diff and `--update` wrote into it; a script that was a link printed its target's first word. Each
    /// is refused with one line, nothing outside read or written. The control: the same snapshot in a
    /// directory of the project's own is written by `--update`.
    @Test func linksInTheTestsDirectoryAreNeitherReadNorWritten() throws {
        try S.withDirectory { scratch in
            let files = FileManager.default
            let outside = scratch + "/outside"
            try files.createDirectory(atPath: outside, withIntermediateDirectories: false)
            try "PRIVATE-SNAPSHOT\n".write(toFile: outside + "/view.txt", atomically: false, encoding: .utf8)
            try "PRIVATE-SCRIPT\n".write(toFile: outside + "/secret", atomically: false, encoding: .utf8)
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["view.tabtest": "snapshot view\n"])
            try files.createSymbolicLink(atPath: project.directory + "/tests/__snapshots__", withDestinationPath: outside)
            let linked = try project.test(["--update"])
            #expect(linked.status == 1, "\(linked)")
            #expect(linked.stdout.contains("tests/__snapshots__ is a symbolic link; tabhost test reads and writes only"), "\(linked)")
            #expect(!linked.stdout.contains("PRIVATE"), "\(linked)")
            #expect(try files.contentsOfDirectory(atPath: outside).sorted() == ["secret", "view.txt"])
            #expect(try String(contentsOfFile: outside + "/view.txt", encoding: .utf8) == "PRIVATE-SNAPSHOT\n")

            try files.removeItem(atPath: project.directory + "/tests/__snapshots__")
            let own = try project.test(["--update"])
            #expect(own.status == 0, "the control: \(own)")
            #expect(files.fileExists(atPath: project.directory + "/tests/__snapshots__/view.txt"))

            try files.createSymbolicLink(atPath: project.directory + "/tests/b.tabtest", withDestinationPath: outside + "/secret")
            let script = try project.test()
            #expect(script.status == 2, "\(script)")
            #expect(script.stderr.contains("tabhost test: tests/b.tabtest is a symbolic link"), "\(script)")
            #expect(!script.stderr.contains("PRIVATE") && !script.stdout.contains("PRIVATE"), "\(script)")
        }
    }

    /// What the sandbox refuses that a permission would allow fails the step, unless the script grants it.
    @Test func aRefusalFailsTheStepUnlessTheScriptGrantsIt() throws {
        try S.withDirectory { scratch in
            let project = try TabTestProject(
                in: scratch + "/ticker",
                scripts: [
                    "granted.tabtest": "grant exec\nclick \"Exec\"\nexpect \"fires: 0\"\n",
                    "refused.tabtest": "click \"Exec\"\nexpect \"fires: 0\"\n",
                ])
            let run = try project.test()
            #expect(run.status == 1, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.dropFirst().first == "ok 1 - tests/granted.tabtest", "\(run)")
            #expect(lines.dropFirst(2).first == "not ok 2 - tests/refused.tabtest", "\(run)")
            #expect(
                lines.dropFirst(3).first?.hasPrefix("# line 1: click \"Exec\": the sandbox refused what `grant exec` would allow") == true,
                "\(run)")
        }
    }

    /// A pushed screen that finishes: its result, and the screen below it back with its title.
    @Test func aFinishedScreensResultIsExpected() throws {
        try S.withDirectory { scratch in
            let none = try TabTestProject(in: scratch + "/first", scripts: ["result.tabtest": "expect result \"sent\"\n"]).test()
            #expect(none.status == 1, "\(none)")
            #expect(none.stdout.contains("# line 1: expect result \"sent\": expected the last result \"sent\"; it was none"), "\(none)")
            let steps = "click \"Push\"\nexpect title \"child\"\nclick \"Done\"\nexpect result \"sent\"\nexpect title \"Ticker\"\n"
            let run = try TabTestProject(in: scratch + "/second", scripts: ["result.tabtest": steps]).test()
            #expect(run.status == 0, "\(run)")
        }
    }

    /// Timers fire exactly as `wait` advances them: a repeating timer cancelled after five firings shows 5,
    /// never 4 or 6, in each of 20 runs.
    @Test func timersFireExactlyAsWaitAdvancesThem() throws {
        try S.withDirectory { scratch in
            let script = "click \"Start\"\nwait 499ms\nexpect \"fires: 4\"\nwait 1ms\nexpect \"fires: 5\"\nwait 5s\nexpect \"fires: 5\"\n"
            var scripts: [String: String] = [:]
            for index in 0..<20 { scripts["run\(index).tabtest"] = script }
            let project = try TabTestProject(in: scratch + "/ticker", scripts: scripts)
            let run = try project.test()
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasSuffix("20 passed, 0 failed\n"), "\(run)")
        }
    }

    @Test func usageAndBuildErrorsExitWithStatusTwo() throws {
        try S.withDirectory { scratch in
            let project = try TabTestProject(in: scratch + "/ticker", scripts: ["bad.tabtest": "expect \"x\"\npres enter\n"])
            let parse = try project.test()
            #expect(parse.status == 2 && parse.stdout.isEmpty, "\(parse)")
            #expect(parse.stderr.contains("tests/bad.tabtest:2: unknown step \"pres\""), "\(parse)")

            try project.write("tests/bad.tabtest", "expect \"fires: 0\"\n")
            try project.write("ticker.c", "this is not C\n")
            let build = try project.test()
            #expect(build.status == 2 && build.stdout.isEmpty, "\(build)")
            #expect(build.stderr.contains("ticker.c:1"), "\(build)")

            let none = try project.test(["--filter", "nothing-matches"])
            #expect(none.status == 2, "\(none)")
            let empty = try S.run(["test", scratch + "/nowhere"])
            #expect(empty.status == 2, "\(empty)")
        }
    }

    /// The C scaffold's tests/smoke.tabtest passes as written, and its Makefile has `make test`.
    @Test func theScaffoldsSmokeTestPasses() throws {
        try S.withDirectory { scratch in
            let created = try S.run(["new", "hello", "--output", scratch])
            try #require(created.status == 0, "\(created)")
            let makefile = try String(contentsOfFile: scratch + "/hello/Makefile", encoding: .utf8)
            #expect(makefile.contains("test:\n\ttabhost test .\n"), "\(makefile)")
            let run = try S.run(["test", scratch + "/hello"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "1..1\nok 1 - tests/smoke.tabtest\n1 passed, 0 failed\n", "\(run)")
        }
    }
}
