import SystemPackage
import _CTerminalShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The controlling terminal: raw mode, alternate screen, hidden cursor, SGR mouse, and
/// restoration on exit, on error, on SIGINT/SIGTERM/SIGHUP/SIGQUIT and on crashes.
public final class Terminal {
    /// The file descriptor keys and mouse reports are read from.
    public let inputDescriptor: Int32
    /// The file descriptor frames are written to.
    public let outputDescriptor: Int32
    /// The descriptor this object opened itself (/dev/tty, or its copy of standard output) and closes.
    private let ownedDescriptor: Int32?
    private var saved = termios()
    /// True between `enterFullScreen()` and `restore()`.
    public private(set) var isFullScreen = false
    /// True while `setupSequence` waits to go out with the first `write` (`enterFullScreen(deferringSetup:)`).
    private var setupPending = false

    /// Sequences that set the screen up: alternate screen, clear, hidden cursor, mouse clicks in SGR form.
    public static let setupSequence = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"
    /// Sequences that undo `setupSequence`.
    public static let restoreSequence = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

    /// Uses `input` and `output` as given (e.g. a pseudo-terminal in tests); they stay open.
    public init(input: Int32, output: Int32) throws(TerminalError) {
        guard isatty(input) == 1 else {
            throw TerminalError(
                .notATerminal,
                "not a terminal: file descriptor \(input) is not a terminal; run tabhost in an interactive terminal (or under tmux/script)")
        }
        inputDescriptor = input
        outputDescriptor = output
        ownedDescriptor = nil
    }

    private init(input: Int32, owned fd: Int32) {
        inputDescriptor = input
        outputDescriptor = fd
        ownedDescriptor = fd
    }

    /// The terminal of this process: standard input and output when both are terminals, else /dev/tty;
    /// refused when `TERM` is `dumb`.
    public static func open() throws(TerminalError) -> Terminal {
        // An editor's shell buffer or a pager says so: the screen would fill with escape sequences.
        if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" {
            throw TerminalError(
                .dumbTerminal,
                "TERM=dumb: this terminal cannot move its cursor, which tabhost draws with; run it in a terminal emulator "
                    + "(or under tmux), or show it in a browser with tabhost serve")
        }
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            // Frames go to a copy of standard output: descriptor 1 itself may be taken from the terminal
            // while the front end runs (an in-process module's output goes to the log instead).
            let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
            guard output >= 0 else { return try Terminal(input: STDIN_FILENO, output: STDOUT_FILENO) }
            return Terminal(input: STDIN_FILENO, owned: output)
        }
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let reason = Errno(rawValue: errno).description
            throw TerminalError(
                .notATerminal,
                "not a terminal: standard input/output are not a terminal and /dev/tty cannot be opened (\(reason)); "
                    + "run tabhost run in an interactive terminal, or under tmux or script(1)"
            )
        }
        return Terminal(input: fd, owned: fd)
    }

    deinit {
        restore()
        if let ownedDescriptor { close(ownedDescriptor) }
    }

    /// The current size (TIOCGWINSZ); 80×24 when the terminal does not say.
    public var size: TerminalSize {
        var columns: Int32 = 0
        var rows: Int32 = 0
        if tabhost_term_get_size(outputDescriptor, &columns, &rows) != 0 || columns <= 0 || rows <= 0 {
            if tabhost_term_get_size(inputDescriptor, &columns, &rows) != 0 || columns <= 0 || rows <= 0 {
                return TerminalSize(columns: 80, rows: 24)
            }
        }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Raw mode, alternate screen, hidden cursor, mouse on; arms restoration for signals and crashes.
    /// With `deferringSetup`, the sequences that set the screen up go out with the first `write` (the
    /// first frame), in one write: the user's screen stays as it was until there is a frame to show.
    public func enterFullScreen(deferringSetup: Bool = false) throws(TerminalError) {
        guard !isFullScreen else { return }
        guard tabhost_term_enter_raw(inputDescriptor, &saved) == 0 else {
            throw TerminalError(
                .terminalSettings,
                "cannot switch the terminal to raw mode: \(Errno(rawValue: errno).description); run tabhost in an interactive terminal")
        }
        let bytes = Array(Self.restoreSequence.utf8)
        let armed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                tabhost_term_arm_restore(outputDescriptor, &saved, chars.baseAddress!, chars.count)
            }
        }
        guard armed == 0 else {
            _ = tabhost_term_set_attributes(inputDescriptor, &saved)
            throw TerminalError(.terminalSettings, "cannot install the terminal restore handlers: \(Errno(rawValue: errno).description)")
        }
        isFullScreen = true
        if deferringSetup {
            setupPending = true
        } else {
            try write(Array(Self.setupSequence.utf8))
        }
    }

    /// Leaves full screen: main screen, cursor shown, mouse off, settings restored. Idempotent.
    public func restore() {
        guard isFullScreen else { return }
        isFullScreen = false
        setupPending = false
        tabhost_term_restore()
    }

    /// Writes all of `bytes` (retrying short writes and EINTR): one call per frame. The first write
    /// after `enterFullScreen(deferringSetup: true)` carries the setup sequences ahead of `bytes`.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        if setupPending {
            setupPending = false
            try write(Array(Self.setupSequence.utf8) + bytes)
            return
        }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc.write(outputDescriptor, buffer.baseAddress! + done, buffer.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A non-blocking terminal that is full: wait until it drains instead of spinning.
                    var waiting = pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, 1_000)
                    continue
                }
                throw TerminalError(.io, "cannot write to the terminal: \(Errno(rawValue: errno).description)")
            }
            done += n
        }
    }

    /// Reads what is available (call when poll says readable); empty at end of input.
    public func read() throws(TerminalError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(inputDescriptor, $0.baseAddress!, $0.count) }
            if n >= 0 { return Array(buffer[0..<n]) }
            if errno == EINTR { continue }
            if errno == EAGAIN { return [] }
            throw TerminalError(.io, "cannot read from the terminal: \(Errno(rawValue: errno).description)")
        }
    }
}
