import TabHostTesting
import Testing
import _CTerminalShims

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The real shim, compiled into a child process that runs on a pseudo-terminal and ends by a
/// signal, a crash, exit() or an explicit restore: the terminal must be restored every time.
@Suite(.serialized, .blocking)
struct TerminalRestoreTests {
    /// Compiles the child into a fresh fixture directory (removed when the fixture goes away).
    static func buildChild() throws -> (directory: Fixture, binary: String) {
        let fixture = try Fixture(prefix: "tabhost-terminal-test")
        let source = try fixture.write("restore_child.c", text: childSource)
        let shims = Products.repositoryRoot + "/Sources/_CTerminalShims"
        let output = fixture.path("restore_child")
        try Fixture.runChecked(
            "/usr/bin/cc", ["-Wall", "-Werror", "-I", shims + "/include", source, shims + "/tabhost_terminal.c", "-o", output])
        return (fixture, output)
    }

    /// The child: enters raw mode, arms restoration through the real shim, prints READY, then
    /// ends the way argv[1] says.
    static let childSource = """
        /* Runs on a pseudo-terminal: enters raw mode, arms restoration through the real shim, prints
         * READY, then ends the way argv[1] says. The test checks the terminal is restored every time. */
        #include "tabhost_terminal.h"

        #include <signal.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        int main(int argc, char **argv) {
            if (argc < 2) return 64;
            struct termios saved;
            if (tabhost_term_enter_raw(0, &saved) != 0) return 2;
            const char *restore = "\\033[0m\\033[?2004l\\033[?1006l\\033[?1000l\\033[?25h\\033[?1049l";
            if (tabhost_term_arm_restore(1, &saved, restore, strlen(restore)) != 0) return 3;
            const char *ready = "\\033[?1049hREADY";
            if (write(1, ready, strlen(ready)) < 0) return 4;
            const char *mode = argv[1];
            if (strcmp(mode, "term") == 0) raise(SIGTERM);
            if (strcmp(mode, "int") == 0) raise(SIGINT);
            if (strcmp(mode, "hup") == 0) raise(SIGHUP);
            if (strcmp(mode, "segv") == 0) {
                volatile int *nowhere = NULL;
                *nowhere = 1;
            }
            if (strcmp(mode, "abort") == 0) abort();
            if (strcmp(mode, "trap") == 0) __builtin_trap();
            if (strcmp(mode, "exit") == 0) exit(7); /* the atexit hook restores */
            if (strcmp(mode, "restore") == 0) {
                tabhost_term_restore();
                tabhost_term_restore(); /* twice is harmless */
                return 0;
            }
            return 5;
        }
        """

    static let cases: [(String, exitSignal: Int32, exitCode: Int32)] = [
        ("term", SIGTERM, 0), ("int", SIGINT, 0), ("hup", SIGHUP, 0), ("segv", SIGSEGV, 0), ("abort", SIGABRT, 0),
        ("trap", SIGILL, 0), ("exit", 0, 7), ("restore", 0, 0),
    ]

    @Test(arguments: cases.indices)
    func restoresTheTerminal(_ index: Int) throws {
        let (mode, exitSignal, exitCode) = Self.cases[index]
        let pty = PseudoTerminal()
        let before = pty.settings
        #expect(before.c_lflag & tcflag_t(ICANON) != 0)
        let (fixture, child) = try Self.buildChild()
        let result = try withExtendedLifetime(fixture) { try run(child, arguments: [mode], terminal: pty.device) }
        #expect(result.termination == (exitSignal == 0 ? .exited(exitCode) : .signaled(exitSignal)), "\(mode): \(result.termination)")
        let output = String(decoding: pty.readAll(), as: UTF8.self)
        let ready = try #require(output.firstRange(of: "READY"), "\(mode): \(output.debugDescription)")
        #expect(output[ready.upperBound...].contains("\u{1B}[?25h\u{1B}[?1049l"), "\(mode): \(output.debugDescription)")
        let after = pty.settings
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag, "\(mode)")
    }

    @Test func terminalSetsUpAndRestoresInProcess() throws {
        let pty = PseudoTerminal(columns: 100, rows: 30)
        let before = pty.settings
        let terminal = try Terminal(input: pty.device, output: pty.device)
        #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
        try terminal.enterFullScreen()
        let raw = pty.settings
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        let setup = String(decoding: pty.readAll(), as: UTF8.self)
        #expect(setup == Terminal.setupSequence)
        terminal.restore()
        terminal.restore()
        #expect(String(decoding: pty.readAll(), as: UTF8.self) == Terminal.restoreSequence)
        let after = pty.settings
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    }

    /// A thread's own alternate signal stack stays: a sanitizer frees its own when the thread ends,
    /// and freed the shim's static stack instead when arming had replaced it (ASan aborted the tests).
    @Test func armingKeepsTheThreadsOwnAlternateSignalStack() throws {
        var previous = stack_t()
        #expect(sigaltstack(nil, &previous) == 0)
        let size = 64 * 1024
        let mine = try #require(malloc(size))
        var own = stack_t(ss_sp: mine, ss_flags: 0, ss_size: size)
        #expect(sigaltstack(&own, nil) == 0)
        defer {
            _ = sigaltstack(&previous, nil)
            free(mine)
        }
        let pty = PseudoTerminal(columns: 100, rows: 30)
        let terminal = try Terminal(input: pty.device, output: pty.device)
        try terminal.enterFullScreen()
        var armed = stack_t()
        #expect(sigaltstack(nil, &armed) == 0)
        terminal.restore()
        #expect(armed.ss_sp == mine)
        #expect(armed.ss_size == size)
    }

    @Test func notATerminalIsAClearError() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        #expect {
            _ = try Terminal(input: fds[0], output: fds[1])
        } throws: { error in
            guard let error = error as? TerminalError else { return false }
            return error.code == .notATerminal
                && error.description
                    == "not a terminal: file descriptor \(fds[0]) is not a terminal; "
                    + "run tabhost in an interactive terminal (or under tmux/script)"
        }
    }
}
