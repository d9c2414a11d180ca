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

    /// Asks for a password on the terminal with echo off, after `prompt`; nil when there is no terminal.
    /// Echo is restored before returning (the Enter is echoed, ECHONL, so the next output starts a line).
    /// Only when standard input is a terminal: a command run from a script with its input redirected must
    /// not stop to ask on a terminal it happens to have.
    public static func fromTerminal(prompt: String) -> [UInt8]? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        _ = Array(prompt.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard tcsetattr(fd, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer { _ = tcsetattr(fd, TCSAFLUSH, &saved) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return line.isEmpty ? nil : line }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return line }
            if line.count < maximumBytes { line.append(byte) }
        }
    }
}
