/// Identifies a scheduled timer, for `EventLoop.cancel`.
public struct LoopTimerID: Sendable, Hashable {
    /// The number an implementation gave it, unique among its live ids.
    public let value: Int

    /// An id an `EventLoop` implementation hands out.
    public init(value: Int) {
        self.value = value
    }
}
