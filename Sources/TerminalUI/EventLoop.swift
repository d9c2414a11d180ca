#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A single-threaded run loop on poll(2): file descriptors with callbacks, timers, and
/// end-of-iteration handlers (where a front end draws at most one frame). Every callback runs on
/// the thread that called `run()`; other threads wake the loop by writing to a pipe they watch.
public final class EventLoop {
    /// Identifies a watched file descriptor, for `unwatch`.
    public struct WatchID: Sendable, Hashable {
        let value: Int
    }

    /// Identifies a scheduled timer, for `cancel`.
    public struct TimerID: Sendable, Hashable {
        let value: Int
    }

    private struct Watch {
        let id: WatchID
        let fd: Int32
        let callback: () -> Void
    }

    private struct Timer {
        let id: TimerID
        let deadline: ContinuousClock.Instant
        let body: () -> Void
    }

    private var watches: [Watch] = []
    private var timers: [Timer] = []
    private var idleHandlers: [() -> Void] = []
    private var nextID = 0
    private var stopping = false
    private let clock = ContinuousClock()

    /// Creates a loop.
    public init() {}

    /// Calls `callback` on the loop thread whenever `fd` is readable (or hung up, or closed). The
    /// callback must read what is there (or `unwatch` a dead descriptor), else it is called again at once.
    @discardableResult
    public func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> WatchID {
        nextID += 1
        let id = WatchID(value: nextID)
        watches.append(Watch(id: id, fd: fd, callback: callback))
        return id
    }

    /// Stops watching.
    public func unwatch(_ id: WatchID) {
        watches.removeAll { $0.id == id }
    }

    /// Runs `body` once on the loop thread after `delay` (module ticks, the lone-Escape timeout).
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) -> TimerID {
        nextID += 1
        let id = TimerID(value: nextID)
        let timer = Timer(id: id, deadline: clock.now.advanced(by: max(delay, .zero)), body: body)
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.count
        timers.insert(timer, at: index)
        return id
    }

    /// Cancels a timer that has not fired; does nothing otherwise.
    public func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// Calls `body` at the end of every loop iteration (after descriptors and timers), and once
    /// when `run()` starts, before the first wait.
    public func atEndOfIteration(_ body: @escaping () -> Void) {
        idleHandlers.append(body)
    }

    /// Makes `run()` return after the current iteration.
    public func stop() {
        stopping = true
    }

    /// Runs until `stop()`. Throws when poll(2) fails for a reason other than EINTR.
    public func run() throws(TerminalError) {
        stopping = false
        for handler in idleHandlers { handler() }
        while !stopping {
            try runOnce(timeout: nil)
        }
    }

    /// One iteration: waits for a descriptor or the next timer (at most `timeout`, if given),
    /// runs what is ready, then the end-of-iteration handlers.
    public func runOnce(timeout: Duration?) throws(TerminalError) {
        var wait: Duration? = timeout
        if let first = timers.first {
            let untilTimer = max(.zero, clock.now.duration(to: first.deadline))
            wait = wait.map { min($0, untilTimer) } ?? untilTimer
        }
        let milliseconds: Int32 = wait.map { duration in
            let (seconds, attoseconds) = duration.components
            // Round up so a timer never fires a poll too early.
            let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: ms)
        } ?? -1
        let current = watches
        var fds = current.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let result = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        if result < 0 && errno != EINTR {
            throw TerminalError(.eventLoop, "poll failed: \(String(cString: strerror(errno)))")
        }
        if result > 0 {
            for (index, entry) in fds.enumerated() where entry.revents != 0 {
                // A callback may have unwatched a later descriptor.
                guard watches.contains(where: { $0.id == current[index].id }) else { continue }
                current[index].callback()
                if stopping { break }
            }
        }
        let now = clock.now
        while !stopping, let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            first.body()
        }
        for handler in idleHandlers { handler() }
    }
}
