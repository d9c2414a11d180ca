import TabHostConcurrency
import TabKit

/// What the server's threads and the session's loop thread share: the connected pages' mailboxes,
/// the image paths the current screen references, the bound port.
final class WebState: Sendable {
    private struct Shared {
        var clients: [Int: AsyncStream<Screen>.Continuation] = [:]
        var nextClient = 0
        var images: Set<String> = []
        var port: Int?
        var isStopped = false
    }

    private let shared = LockedValue(Shared())

    /// The bound port, once known.
    var port: Int? { shared.withLock { $0.port } }

    func setPort(_ port: Int) { shared.withLock { $0.port = port } }

    /// The image paths the current screen references.
    var images: Set<String> { shared.withLock { $0.images } }

    /// A new screen (loop thread): the images it references become the ones served, and every page's
    /// mailbox gets it (a mailbox keeps only the newest screen: a slow page skips screens, never falls behind).
    func publish(_ screen: Screen) {
        let images = ImageAccess.referencedPaths(in: screen)
        let clients = shared.withLock { state in
            state.images = images
            return Array(state.clients.values)
        }
        for client in clients { client.yield(screen) }
    }

    /// The screen a newly connected page starts from (loop thread): its images become the ones served.
    func publishInitial(_ screen: Screen) {
        let images = ImageAccess.referencedPaths(in: screen)
        shared.withLock { $0.images = images }
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
