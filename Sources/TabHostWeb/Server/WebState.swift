import Logging
import TabHostConcurrency
import TabKit

/// What the server's threads and the session's loop thread share: the connected pages' mailboxes,
/// the image tickets of the current screen, the bound port.
final class WebState: Sendable {
    private struct Shared {
        var clients: [Int: AsyncStream<Screen>.Continuation] = [:]
        var nextClient = 0
        var tickets = ImageTickets()
        var port: Int?
        var isStopped = false
        /// Image paths already refused in the log: a module that shows one in every frame is told once.
        var loggedPaths: Set<String> = []
    }

    private let shared = LockedValue(Shared())
    /// The directories images are served from (the session's module and data directories).
    let imageRoots: [String]
    /// The refused images' lines: a module names paths without end, each new one a line.
    private let log: WebLogBudget

    init(imageRoots: [String], log: WebLogBudget) {
        self.imageRoots = imageRoots
        self.log = log
    }

    /// The bound port, once known.
    var port: Int? { shared.withLock { $0.port } }

    func setPort(_ port: Int) { shared.withLock { $0.port = port } }

    /// The path the image ticket `id` stands for while the current screen shows it.
    func imagePath(forTicket id: String) -> String? { shared.withLock { $0.tickets.path(forID: id) } }

    /// A new screen (loop thread): its images get tickets (the previous screen's others are revoked), and
    /// every page's mailbox gets it with them (a mailbox keeps only the newest screen: a slow page skips
    /// screens, never falls behind).
    func publish(_ screen: Screen) {
        let (shown, refusals, clients) = shared.withLock { state in
            let (shown, refusals) = ticketed(screen, &state)
            return (shown, refusals, Array(state.clients.values))
        }
        log(refusals)
        for client in clients { client.yield(shown) }
    }

    /// The screen a newly connected page starts from (loop thread), with its images' tickets.
    func publishInitial(_ screen: Screen) -> Screen {
        let (shown, refusals) = shared.withLock { ticketed(screen, &$0) }
        log(refusals)
        return shown
    }

    /// Logs that the server refused to serve `path`, once per path (at most 1,024 remembered).
    func logRefusedImage(_ path: String, _ reason: String) {
        let first = shared.withLock { state in
            if state.loggedPaths.count >= 1024 { state.loggedPaths.removeAll() }
            return state.loggedPaths.insert(path).inserted
        }
        if first { log.warning("web: not serving the image \(path.debugDescription): \(reason)") }
    }

    /// `screen` with its tickets, and the refusals not logged yet (logged by the caller, outside the lock).
    private func ticketed(_ screen: Screen, _ state: inout Shared) -> (Screen, [(String, String)]) {
        var refusals: [(String, String)] = []
        let shown = state.tickets.issue(for: screen, within: imageRoots) { refusals.append(($0, $1)) }
        if state.loggedPaths.count + refusals.count > 1024 { state.loggedPaths.removeAll() }
        return (shown, refusals.filter { state.loggedPaths.insert($0.0).inserted })
    }

    private func log(_ refusals: [(String, String)]) {
        for (path, reason) in refusals { log.warning("web: not serving the image \(path.debugDescription): \(reason)") }
    }

    /// Registers a page's mailbox; nil after `stop()`.
    func addClient(_ continuation: AsyncStream<Screen>.Continuation) -> Int? {
        shared.withLock { state in
            guard !state.isStopped else { return nil }
            state.nextClient += 1
            state.clients[state.nextClient] = continuation
            return state.nextClient
        }
    }

    func removeClient(_ id: Int) {
        _ = shared.withLock { $0.clients.removeValue(forKey: id) }
    }

    /// Closes every mailbox (their connections end) and refuses new ones.
    func stop() {
        let clients = shared.withLock { state in
            state.isStopped = true
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { client.finish() }
    }
}
