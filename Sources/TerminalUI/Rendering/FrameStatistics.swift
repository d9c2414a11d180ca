/// Sizes of the frames a `TerminalApp` wrote (for benchmarks and tests).
public struct FrameStatistics: Sendable, Hashable {
    /// Frames written.
    public var frames = 0
    /// Full repaints among them.
    public var fullRepaints = 0
    /// Bytes of the last frame.
    public var lastFrameBytes = 0
    /// Bytes of all frames.
    public var totalBytes = 0

    /// Creates empty statistics.
    public init() {}
}
