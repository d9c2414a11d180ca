import Foundation
import Testing

/// What the `tabhost run` tests need beyond typing: finding labels, clicking them, resizing, signals.
extension TmuxSession {
    /// The 1-based column and row of the middle of the first occurrence of `label` on `screen`
    /// (columns counted in terminal cells: wide characters take two).
    static func position(of label: String, in screen: String, after skip: Int = 0) -> (column: Int, row: Int)? {
        var seen = 0
        for (index, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let range = line.range(of: label) else { continue }
            if seen < skip {
                seen += 1
                continue
            }
            let before = CellWidth.of(String(line[..<range.lowerBound]))
            return (before + CellWidth.of(label) / 2 + 1, index + 1)
        }
        return nil
    }

    /// Clicks (press and release of the left button, SGR encoding) at a 1-based column and row.
    func click(column: Int, row: Int) throws {
        try sendLiteral("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
    }

    /// Waits for `label` on screen and clicks its middle; `on` picks the line (e.g. skip the title bar).
    @discardableResult
    func click(_ label: String, where accept: (String) -> Bool = { _ in true }, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let screen = try waitForScreen(sourceLocation: sourceLocation) { screen in
            Self.lines(of: screen).contains { $0.contains(label) && accept($0) }
        }
        let lines = Self.lines(of: screen)
        guard let row = lines.firstIndex(where: { $0.contains(label) && accept($0) }),
            let spot = Self.position(of: label, in: lines[row])
        else {
            Issue.record("no \(label) to click on:\n\(screen)", sourceLocation: sourceLocation)
            return screen
        }
        try click(column: spot.column, row: row + 1)
        return screen
    }

    /// The lines of a captured screen.
    static func lines(of screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Resizes the session's window (and so its only pane) to `width`×`height`.
    func resize(width: Int, height: Int) throws {
        try Self.tmux(["-L", socket, "resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pids of the pane command's children (the `tabhost` the pane's shell started).
    func childPIDs() throws -> [pid_t] {
        let shell = try panePID()
        let text = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// What a failed wait after the host ended needs to tell: the pane's terminal, whether the pane is
    /// dead, the terminal's echo and canonical flags and unread input, and each process that has it open
    /// as descriptor 0, 1 or 2 (state, process group, the terminal's foreground group, where it sleeps).
    func terminalReport() throws -> String {
        let tty = try paneValue("#{pane_tty}")
        var lines = ["pane \(tty) dead=\(try paneValue("#{pane_dead}"))"]
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 {
            var settings = termios()
            var unread: Int32 = 0
            if tcgetattr(fd, &settings) == 0 {
                lines.append("echo=\(settings.c_lflag & tcflag_t(ECHO) != 0) icanon=\(settings.c_lflag & tcflag_t(ICANON) != 0)")
            }
            if ioctl(fd, UInt(TIOCINQ), &unread) == 0 { lines.append("unread input: \(unread) bytes") }
            close(fd)
        }
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        for pid in pids.sorted() {
            let holds = (0...2).contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == tty }
            guard holds else { continue }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            let command = ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "")
                .replacingOccurrences(of: "\0", with: " ").prefix(120)
            // After the command's ")": state, ppid, pgrp, session, tty_nr, tpgid.
            let fields = stat.split(separator: ")").last.map { $0.split(separator: " ").prefix(6).joined(separator: " ") } ?? ""
            lines.append("pid \(pid) [state ppid pgrp session tty tpgid: \(fields)] wchan=\(wchan) \(command)")
        }
        return lines.joined(separator: "\n")
    }

    /// The terminal state tests check after the host exits: alternate screen, cursor, mouse modes.
    func terminalModes() throws -> String {
        try paneValue(
            "alternate=#{alternate_on} cursor=#{cursor_flag} "
                + "mouse=#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag}"
        )
    }
}

/// Terminal cell widths of the scalars the tests show (East Asian wide and emoji ranges take two cells).
enum CellWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 || (0x300...0x36F).contains(v) || v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x231A...0x231B, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }
}
