import _CIsolation

/// How a module's child process ended, in the words a tab shows: "SIGSEGV", "exit status 0".
public enum ModuleHostExit: Sendable, Hashable, CustomStringConvertible {
    /// Killed by a signal (a crash: SIGSEGV, SIGABRT, SIGILL, SIGBUS, …).
    case signal(Int32)
    /// Called `exit` (or returned from the helper's main) with a status.
    case exited(Int32)
    /// Stopped by the host after it had not answered for the kill timeout.
    case killedAfterHang(Duration)
    /// Sent something that is not the protocol; the host stopped it.
    case protocolViolation(String)
    /// Closed its connection but did not exit; the host stopped it.
    case closedConnection

    /// "SIGSEGV", "exit status 0", "not responding for 10 s", …
    public var description: String {
        switch self {
        case .signal(let number):
            if let name = tabhost_isolation_signal_name(number) { return "SIG" + String(cString: name) }
            return "signal \(number)"
        case .exited(let status): return "exit status \(status)"
        case .killedAfterHang(let after): return "not responding for \(ModuleHostExit.seconds(after))"
        case .protocolViolation(let what): return "protocol violation (\(what))"
        case .closedConnection: return "closed its connection to the host"
        }
    }

    /// "10 s", "1.5 s".
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
