/// Identifies a scheduled timer, for `EventLoop.cancel`.
public struct LoopTimerID: Sendable, Hashable {
    let value: Int
}
