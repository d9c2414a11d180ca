#if canImport(Glibc)
import Glibc
#endif

/// Where a secret key's password comes from: the environment variable `TABHOST_KEY_PASSWORD` (for scripts),
/// else the terminal (`/dev/tty`) with echo off, as `minisign` and `ssh-keygen` read theirs.
public enum PasswordSource {
    /// The variable scripts set the password in.
    public static let environmentVariable = "TABHOST_KEY_PASSWORD"
    /// The longest password read (minisign's limit).
    public static let maximumBytes = 1023

    /// The password in `TABHOST_KEY_PASSWORD`, when it is set and not empty.
    public static func fromEnvironment() -> [UInt8]? {
        guard let value = getenv(environmentVariable) else { return nil }
        let bytes = Array(String(cString: value).utf8)
        return bytes.isEmpty ? nil : bytes
    }

    /// Asks for a password on the terminal after `prompt`, nothing echoed; nil when there is no terminal.
    ///
    /// Only when standard input is a terminal: a command run from a script with its input redirected must
    /// not stop to ask on a terminal it happens to have. The terminal is read byte by byte with echo,
    /// line editing and signals off, so no signal can end the process while echo is off: Backspace edits,
    /// Enter or Ctrl-D on an empty line ends the password, and Ctrl-C restores the terminal and
    /// then stops the process as Ctrl-C would have.
    public static func fromTerminal(prompt: String) -> [UInt8]? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        say(prompt, fd)
        guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else { return nil }
        var line: [UInt8] = []
        var interrupted = false
        reading: while true {
            var byte: UInt8 = 0
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            switch byte {
            case 0x0A, 0x0D: break reading
            case 0x03:
                interrupted = true
                break reading
            case 0x04 where line.isEmpty: break reading
            case 0x7F, 0x08: if !line.isEmpty { line.removeLast() }
            case 0x15: line.removeAll()
            default: if line.count < maximumBytes { line.append(byte) }
            }
        }
        _ = tcsetattr(fd, TCSAFLUSH, &saved)
        say("\n", fd)
        if interrupted { raise(SIGINT) }
        return line
    }

    private static func say(_ text: String, _ fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
