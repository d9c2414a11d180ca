import Logging
import NIOCore
import TabHostConcurrency

/// The connections the server holds, and how many it holds at all: any local process can connect without
/// the token (it is checked on the WebSocket upgrade), so without these a client opening thousands of
/// sockets, or sending half a request and waiting, took every descriptor the host has (module files and
/// the cache then failed to open).
///
/// When every place is taken, a new connection takes the place of the oldest one that is not a page's
/// WebSocket (opened with the token): a client that holds places, even one that keeps each busy with a
/// request every few seconds, cannot keep a page from loading; only pages, which hold the token, are never
/// pushed out.
final class ConnectionLimits: Sendable {
    /// Connections open at once.
    let maximumConnections: Int
    /// How long a connection may stay without the server having answered anything on it (a request
    /// not sent whole, or not at all); then it is closed.
    let firstAnswerTimeout: TimeAmount
    /// The most a client may send after the server's last answer (or before its first) before it gets
    /// another: far more than any request the page makes (the server takes no request body), so a request
    /// head without end is cut there rather than read for ever.
    let maximumUnansweredBytes: Int
    /// Where its lines go.
    let log: WebLogBudget
    private let state = LockedValue(
        Held(refusalLines: LineBudget(lines: 1, per: .seconds(10)), evictionLines: LineBudget(lines: 1, per: .seconds(10))))

    private struct Held: Sendable {
        var connections: [ObjectIdentifier: Entry] = [:]
        var admitted: UInt64 = 0
        var refusalLines: LineBudget
        var evictionLines: LineBudget
    }

    private struct Entry: Sendable {
        let channel: any Channel
        /// The order it was admitted in: the lowest goes first.
        let order: UInt64
        var isPage = false
    }

    /// The limits `settings` names, logging through `log`.
    init(_ settings: WebSettings, log: WebLogBudget) {
        maximumConnections = settings.maximumConnections
        maximumUnansweredBytes = settings.maximumUnansweredBytes
        let (seconds, attoseconds) = settings.firstAnswerTimeout.components
        firstAnswerTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        self.log = log
    }

    /// Counts `channel` in. With `maximumConnections` open already, the oldest that is not a page's is
    /// closed to make room (one log line every ten seconds at most, counting the others); false when
    /// every one is a page's.
    func admit(_ channel: any Channel) -> Bool {
        let (admitted, pushedOut, earlier) = state.withLock { state -> (Bool, (any Channel)?, Int?) in
            state.admitted += 1
            let entry = Entry(channel: channel, order: state.admitted)
            guard state.connections.count >= maximumConnections else {
                state.connections[ObjectIdentifier(channel)] = entry
                return (true, nil, nil)
            }
            guard let oldest = state.connections.filter({ !$0.value.isPage }).min(by: { $0.value.order < $1.value.order }) else {
                return (false, nil, state.refusalLines.admit())
            }
            state.connections[oldest.key] = nil
            state.connections[ObjectIdentifier(channel)] = entry
            return (true, oldest.value.channel, state.evictionLines.admit())
        }
        pushedOut?.close(promise: nil)
        if let earlier {
            log.warning(
                admitted
                    ? "web: closed the oldest of \(maximumConnections) open connection(s) to admit a new one, "
                        + "\(earlier + 1) time(s) (a local process holding sockets?)"
                    : "web: refused \(earlier + 1) connection(s): \(maximumConnections) pages are open already")
        }
        return admitted
    }

    /// Marks `channel` as a page's WebSocket, opened with the token: it is never closed to make room.
    func markPage(_ channel: any Channel) {
        state.withLock { $0.connections[ObjectIdentifier(channel)]?.isPage = true }
    }

    /// Whether `channel` is a page's WebSocket.
    func isPage(_ channel: any Channel) -> Bool {
        state.withLock { $0.connections[ObjectIdentifier(channel)]?.isPage ?? false }
    }

    /// Counts `channel`'s end (nothing when it was closed to make room: its place went to another).
    func release(_ channel: any Channel) {
        state.withLock { $0.connections[ObjectIdentifier(channel)] = nil }
    }
}
