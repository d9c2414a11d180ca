import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set by the SIGINT handler `TerminalQuestion` installs while it waits for an answer (an atomic: the
/// handler may run on another thread than the one that waits, and a lock-free store is safe in a handler).
private let interruptedWhileAsking = Atomic<Int32>(0)

/// The first install's question on the terminal: the lines on standard error, then "Install? [y/N] ", and
/// the answer read from standard input (a line; only y or yes installs). Ctrl-C there is a no, said as any
/// other no ("not installed (you answered no); nothing was changed"), not a silent end.
enum TerminalQuestion {
    /// The question's asker, or nil when standard input is not a terminal (a script must pass --yes).
    static func asker() -> (@Sendable (InstallQuestion) -> Bool)? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return { question in
            // Ctrl-C sets a flag rather than ending the process, from before the question shows; whichever
            // thread the signal reaches, the wait below looks at it at least ten times a second.
            interruptedWhileAsking.store(0, ordering: .sequentiallyConsistent)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in interruptedWhileAsking.store(1, ordering: .sequentiallyConsistent) }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(SIGINT, &action, &previous)
            defer { sigaction(SIGINT, &previous, nil) }
            var size = winsize()
            let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
            let text = question.rows(columns: columns).joined(separator: "\n") + "\nInstall? [y/N] "
            _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            var line: [UInt8] = []
            while line.count < 64 {
                if interruptedWhileAsking.load(ordering: .sequentiallyConsistent) != 0 {
                    _ = write(STDERR_FILENO, "\n", 1)  // the terminal echoed ^C where the answer goes
                    return false
                }
                var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
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
