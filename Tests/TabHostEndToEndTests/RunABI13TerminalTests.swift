import Foundation
import TabHostTesting
import Testing

/// ABI 1.3 in a real terminal (tmux), in process and isolated, from a module built from the header
/// alone: title-bar buttons (a disabled one skipped, the other reached by Shift-Tab), the shortcuts'
/// footer and a shortcut's action, a toast, OSC 52 reaching tmux's clipboard only after a key,
/// Page Down going on past the first rows drawn of a lazy list of 1,000,000 rows, `scroll_to` its row 500,000,
/// End and Home to its last row and row 0, the wheel scrolling it past the rows drawn, and (isolated) a kept
/// frame showing the rows not drawn as placeholder lines while the module's child is stopped.
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunABI13TerminalTests {
    /// The module (Tests/Fixtures/modules/abi13.c, which the browser tests build too).
    static let source = ABI12OutsideFixtures.fixture("abi13")

    @Test(arguments: ["none", "process"])
    func theNewCallsInATerminal(isolation: String) throws {
        try RunSupport.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try RunSupport.compile(Self.source, to: modules + "/abi13.so")
            let tmux = try TmuxSession(
                RunSupport.runCommand(["--modules", modules, "--no-watch", "--isolation", isolation], scratch: scratch))
            _ = try TmuxSession.tmux(["-L", tmux.socket, "set-option", "-g", "set-clipboard", "on"])
            try tmux.waitForScreen {
                $0.contains("[Cancel]") && $0.contains("[Post]") && $0.contains("/ Search  n New") && $0.contains("Row 0")
            }
            // The timer's copy came without a key: nothing reached the clipboard.
            #expect((try? TmuxSession.tmux(["-L", tmux.socket, "show-buffer"])) == nil)

            try tmux.send("/")
            try tmux.waitForScreen { $0.contains("Searching now") && $0.contains("last search") }
            // Shift-Tab from the first row wraps to the last focusable: Cancel (Post is disabled).
            try tmux.send("BTab")
            try tmux.send("Enter")
            try tmux.waitFor("last cancel")
            try tmux.send("Tab")  // back to Row 0
            try tmux.send("Enter")
            try tmux.waitFor("last open 0")
            let copied = try tmux.waitForBuffer()
            #expect(copied == "open 0")

            for _ in 0..<12 { try tmux.send("PageDown") }
            let screen = try tmux.waitForScreen { Self.largestRow(in: $0) > 100 }
            #expect(Self.largestRow(in: screen) > 100, "\(screen)")
            // scroll_to: the list's window moves to row 500,000 and the focus lands on it.
            try tmux.send("n")
            try tmux.waitFor("Row 500000")

            // End: the list's last row, drawn and focused; Home: its row 0.
            try tmux.send("End")
            try tmux.waitFor("Row 999999")
            try tmux.send("Enter")  // the row's action copies its name: the clipboard says which row had the focus
            #expect(try tmux.waitForBuffer { $0 == "open 999999" } == "open 999999")
            try tmux.send("Home")
            try tmux.waitForScreen { Self.smallestRow(in: $0) == 0 }
            try tmux.send("Enter")
            try tmux.waitFor("last open 0")
            // The wheel scrolls the view past the rows drawn (SGR reports); the rows it brings come in,
            // and the focus is on a row in view.
            for _ in 0..<40 { try tmux.sendLiteral("\u{1b}[<65;10;10M") }
            let scrolled = try tmux.waitForScreen { Self.smallestRow(in: $0) >= 100 && !$0.contains("⋯") }
            let top = Self.smallestRow(in: scrolled)
            #expect(top >= 100 && Self.largestRow(in: scrolled) > top, "\(scrolled)")
            try tmux.send("Enter")
            let wheeled = try tmux.waitForBuffer { $0 != "open 0" } ?? ""
            let last = Int(wheeled.dropFirst("open ".count)) ?? -1
            #expect(last >= top && last <= Self.largestRow(in: scrolled), "\(wheeled) \(scrolled)")

            guard isolation == "process" else { return }
            // A kept frame: while the module's child is stopped, the rows a scroll brings into view are
            // placeholder lines (the list keeps its height, the view its scroll); they give way to the
            // rows once the child draws again.
            let children = try tmux.moduleHostPIDs()
            #expect(!children.isEmpty)
            for pid in children { kill(pid, SIGSTOP) }
            defer { for pid in children { kill(pid, SIGCONT) } }
            for _ in 0..<40 { try tmux.sendLiteral("\u{1b}[<65;10;10M") }
            let kept = try tmux.waitForScreen { screen in
                TmuxSession.lines(of: screen).filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("⋯") }.count >= 10
            }
            #expect(Self.largestRow(in: kept) < top + 100, "\(kept)")
            for pid in children { kill(pid, SIGCONT) }
            let drawn = try tmux.waitForScreen { !$0.contains("⋯") && Self.smallestRow(in: $0) >= top + 100 }
            #expect(Self.smallestRow(in: drawn) >= top + 100, "\(drawn)")
        }
    }

    /// The smallest N of the "Row N" lines on `screen`.
    static func smallestRow(in screen: String) -> Int {
        rows(in: screen).min() ?? -1
    }

    /// The largest N of the "Row N" lines on `screen`.
    static func largestRow(in screen: String) -> Int {
        rows(in: screen).max() ?? -1
    }

    /// The Ns of the "Row N" lines on `screen`.
    static func rows(in screen: String) -> [Int] {
        screen.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "Row ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }
}

extension TmuxSession {
    /// The pids of the module host children below the pane's `tabhost` (isolated modules).
    func moduleHostPIDs() throws -> [pid_t] {
        var found: [pid_t] = []
        var queue = try childPIDs()
        while let pid = queue.popLast() {
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            if command.contains("tabhost-module-host") { found.append(pid) }
            queue += ProcessState.children(of: pid)
        }
        return found
    }

    /// tmux's paste buffer once OSC 52 set it (to a text `accepted` takes).
    func waitForBuffer(timeout: Duration = .seconds(10), until accepted: (String) -> Bool = { _ in true }) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let buffer = try? Self.tmux(["-L", socket, "show-buffer"]), !buffer.isEmpty, accepted(buffer) { return buffer }
            usleep(50_000)
        }
        return nil
    }
}
