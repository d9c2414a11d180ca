/// The one thread a live session runs on: descriptors to watch, timers, end-of-iteration work, and
/// work posted from other threads.
///
/// Everything but `execute`, `inEventLoop` and `stop` is called on the loop thread, and every
/// callback runs there. A front end on another thread (a web server's) reaches the session only
/// through `execute`. Module threads never call in: their ticks come through a descriptor the
/// session watches.
public protocol EventLoop: AnyObject, Sendable {
    /// Calls `callback` on the loop thread whenever `fd` is readable (or hung up, or closed). The
    /// callback must read what is there (or `unwatch` a dead descriptor), else it is called again at once.
    @discardableResult
    func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> LoopWatchID
    /// Stops watching.
    func unwatch(_ id: LoopWatchID)
    /// Runs `body` once on the loop thread after `delay`.
    @discardableResult
    func schedule(after delay: Duration, _ body: @escaping () -> Void) -> LoopTimerID
    /// Cancels a timer that has not fired; does nothing otherwise.
    func cancel(_ id: LoopTimerID)
    /// Calls `body` at the end of every iteration (after descriptors, timers and posted work, in
    /// registration order), and once when `run()` starts.
    func atEndOfIteration(_ body: @escaping () -> Void)
    /// Runs `body` on the loop thread soon. Safe from any thread; wakes a waiting loop.
    func execute(_ body: @escaping @Sendable () -> Void)
    /// True on the loop thread. Safe from any thread.
    var inEventLoop: Bool { get }
    /// Runs iterations on the calling thread (which becomes the loop thread) until `stop()`.
    func run() throws(EventLoopError)
    /// Makes `run()` return after the current iteration. Safe from any thread.
    func stop()
}

extension EventLoop {
    /// Traps in debug builds when called off the loop thread; compiles to nothing in release builds.
    @inlinable
    public func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        precondition(inEventLoop, "called off the event loop's thread", file: file, line: line)
        #endif
    }
}
