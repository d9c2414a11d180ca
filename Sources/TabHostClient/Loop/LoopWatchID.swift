/// Identifies a watched file descriptor, for `EventLoop.unwatch`.
public struct LoopWatchID: Sendable, Hashable {
    let value: Int
}
