#if canImport(Glibc)
import Glibc
#endif

/// The first install's question on the terminal: the lines on standard error, then "Install? [y/N] ", and
/// the answer read from standard input (a line; only y or yes installs).
enum TerminalQuestion {
    /// The question's asker, or nil when standard input is not a terminal (a script must pass --yes).
    static func asker() -> (@Sendable (InstallQuestion) -> Bool)? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return { question in
            let text = question.lines.joined(separator: "\n") + "\nInstall? [y/N] "
            _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            var line: [UInt8] = []
            while line.count < 64 {
                var byte: UInt8 = 0
                let count = read(STDIN_FILENO, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 || byte == 0x0A { break }
                line.append(byte)
            }
            let answer = String(decoding: line.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }, as: UTF8.self).lowercased()
            return answer == "y" || answer == "yes"
        }
    }
}
