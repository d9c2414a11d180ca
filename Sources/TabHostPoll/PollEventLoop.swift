import Synchronization
import SystemPackage
import TabHostConcurrency
import TabHostLoop
import _CHostShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The event loop on poll(2): file descriptors with callbacks, timers, end-of-iteration handlers
/// (where front ends draw at most one frame and the session publishes its screen), and work posted
/// from other threads through an eventfd.
///
/// The thread that creates the loop owns it until `run()` makes the calling thread the owner; set
/// it up (watch, schedule) on the owning thread only.
public final class PollEventLoop: EventLoop, @unchecked Sendable {
    private struct Watch {
        let id: LoopWatchID
        let fd: Int32
        let callback: () -> Void
    }

    private struct Timer {
        let id: LoopTimerID
        let deadline: ContinuousClock.Instant
        let body: () -> Void
    }

    // Loop-thread state: only the owning thread touches these.
    private var watches: [Watch] = []
    private var timers: [Timer] = []
    private var idleHandlers: [() -> Void] = []
    private var nextID = 0
    private let clock = ContinuousClock()

    // Shared with other threads.
    private let owner: Atomic<UInt>
    private let stopping = Atomic<Bool>(false)
    private let posted = LockedValue<[@Sendable () -> Void]>([])
    /// eventfd written by `execute` and `stop` from other threads; -1 if it could not be made.
    private let wakeup: Int32

    /// Creates a loop owned by the calling thread.
    public init() {
        owner = Atomic(UInt(pthread_self()))
        wakeup = tabhost_wakeup_open()
    }

    deinit {
        if wakeup >= 0 { close(wakeup) }
    }

    /// True on the owning thread.
    public var inEventLoop: Bool {
        pthread_equal(pthread_t(owner.load(ordering: .acquiring)), pthread_self()) != 0
    }

    @discardableResult
    public func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> LoopWatchID {
        preconditionInEventLoop()
        nextID += 1
        let id = LoopWatchID(value: nextID)
        watches.append(Watch(id: id, fd: fd, callback: callback))
        return id
    }

    public func unwatch(_ id: LoopWatchID) {
        preconditionInEventLoop()
        watches.removeAll { $0.id == id }
    }

    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) -> LoopTimerID {
        preconditionInEventLoop()
        nextID += 1
        let id = LoopTimerID(value: nextID)
        let timer = Timer(id: id, deadline: clock.now.advanced(by: max(delay, .zero)), body: body)
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.count
        timers.insert(timer, at: index)
        return id
    }

    public func cancel(_ id: LoopTimerID) {
        preconditionInEventLoop()
        timers.removeAll { $0.id == id }
    }

    public func atEndOfIteration(_ body: @escaping () -> Void) {
        preconditionInEventLoop()
        idleHandlers.append(body)
    }

    public func execute(_ body: @escaping @Sendable () -> Void) {
        posted.withLock { $0.append(body) }
        wake()
    }

    public func stop() {
        stopping.store(true, ordering: .releasing)
        if !inEventLoop { wake() }
    }

    /// Runs until `stop()` (one called before `run()` makes it return after its first end-of-iteration
    /// handlers); the calling thread owns the loop from now on. Throws when poll(2) fails
    /// for a reason other than EINTR, or when the wake-up descriptor could not be made.
    public func run() throws(EventLoopError) {
        guard wakeup >= 0 else {
            throw EventLoopError(.wakeupFailed, "cannot make the event loop's wake-up descriptor (eventfd failed)")
        }
        owner.store(UInt(pthread_self()), ordering: .releasing)
        // A stop() that came before run() (from another thread, say) is kept, not lost: the flag is
        // cleared when run() returns, so the loop can run again later.
        defer { stopping.store(false, ordering: .releasing) }
        for handler in idleHandlers { handler() }
        while !isStopping {
            try runOnce(timeout: nil)
        }
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// One iteration: waits for a descriptor, posted work or the next timer (at most `timeout`, if
    /// given), runs what is ready, then the end-of-iteration handlers.
    public func runOnce(timeout: Duration?) throws(EventLoopError) {
        preconditionInEventLoop()
        var wait: Duration? = timeout
        if let first = timers.first {
            let untilTimer = max(.zero, clock.now.duration(to: first.deadline))
            wait = wait.map { min($0, untilTimer) } ?? untilTimer
        }
        if posted.withLock({ !$0.isEmpty }) { wait = .zero }
        let milliseconds: Int32 =
            wait.map { duration in
                let (seconds, attoseconds) = duration.components
                // Round up so a timer never fires a poll too early.
                let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                return Int32(clamping: ms)
            } ?? -1
        let current = watches
        var fds = current.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        if wakeup >= 0 { fds.append(pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)) }
        let result = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        if result < 0 && errno != EINTR {
            throw EventLoopError(.pollFailed, "poll failed: \(Errno(rawValue: errno).description)")
        }
        if result > 0 {
            for (index, entry) in fds.enumerated() where entry.revents != 0 && index < current.count {
                // A callback may have unwatched a later descriptor.
                guard watches.contains(where: { $0.id == current[index].id }) else { continue }
                current[index].callback()
                if isStopping { break }
            }
        }
        runPosted()
        let now = clock.now
        while !isStopping, let first = timers.first, first.deadline <= now {
            timers.removeFirst()
            first.body()
        }
        for handler in idleHandlers { handler() }
    }

    private func runPosted() {
        if wakeup >= 0 {
            tabhost_wakeup_drain(wakeup)
        }
        let work = posted.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
        for body in work { body() }
    }

    private func wake() {
        guard wakeup >= 0 else { return }
        tabhost_wakeup_signal(wakeup)
    }
}
