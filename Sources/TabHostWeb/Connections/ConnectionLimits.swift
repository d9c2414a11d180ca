import Logging
import NIOCore
import TabHostConcurrency

/// The connections the server holds for clients that have not been answered yet, and how many it holds
/// at all: any local process can connect without the token (it is checked on the WebSocket upgrade), so
/// without these a client opening thousands of sockets, or sending half a request and waiting, took
/// every descriptor the host has (module files and the cache then failed to open).
final class ConnectionLimits: Sendable {
    /// Connections open at once; one more is closed as it arrives.
    let maximumConnections: Int
    /// How long a connection may stay without the server having answered anything on it (a request
    /// not sent whole, or not at all); then it is closed.
    let firstAnswerTimeout: TimeAmount
    /// Where its lines go.
    let log: WebLogBudget
    private let state = LockedValue((open: 0, refusalLines: LineBudget(lines: 1, per: .seconds(10))))

    /// The limits `settings` names, logging through `log`.
    init(_ settings: WebSettings, log: WebLogBudget) {
        maximumConnections = settings.maximumConnections
        let (seconds, attoseconds) = settings.firstAnswerTimeout.components
        firstAnswerTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        self.log = log
    }

    /// Counts one more open connection; false (one log line every ten seconds at most, counting the
    /// others) when `maximumConnections` are open already.
    func admit() -> Bool {
        let (admitted, earlier) = state.withLock { state -> (Bool, Int?) in
            guard state.open >= maximumConnections else {
                state.open += 1
                return (true, nil)
            }
            return (false, state.refusalLines.admit())
        }
        if let earlier {
            log.warning(
                "web: refused \(earlier + 1) connection(s): \(maximumConnections) are open already (a local process opening sockets?)")
        }
        return admitted
    }

    /// Counts an admitted connection's end.
    func release() {
        state.withLock { $0.open -= 1 }
    }
}
