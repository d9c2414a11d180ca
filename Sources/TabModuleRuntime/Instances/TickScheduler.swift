import Glibc
import TabHostConcurrency

/// Collects ticks, timers and the host calls modules make from their own threads, from any
/// thread, for the main loop to deliver.
///
/// `schedule_tick`, `set_timer`, `cancel_timer`, `invalidate`, `save_soon` and `log` are the host
/// calls a module may make from its own threads (ABI 1.2), so requests go through a mutex and a
/// self-pipe wakes the main loop's `poll`.
public final class TickScheduler: Sendable {
    private struct Pending: Sendable {
        var deadline: ContinuousClock.Instant
        var instance: UInt64
        var work: ScheduledWork
        /// When it was asked for, among everything scheduled: what breaks a tie between equal deadlines.
        var order: UInt64
    }

    private struct TimerKey: Hashable, Sendable {
        var instance: UInt64
        var id: String
    }

    private struct TimerEntry: Sendable {
        var deadline: ContinuousClock.Instant
        var repeatMilliseconds: UInt32
        /// As `Pending.order`: a test clock that does not move gives many timers one deadline.
        var order: UInt64 = 0
    }

    private struct State: Sendable {
        var pending: [Pending] = []
        var timers: [TimerKey: TimerEntry] = [:]
        /// Timer firings `takeDue` handed out and not yet claimed: a cancel before the claim stops them.
        var taken: [UInt64: TimerKey] = [:]
        var nextFiring: UInt64 = 1
        /// The next `order` of what is scheduled.
        var nextOrder: UInt64 = 0
        /// `.log` items in `pending`.
        var queuedLogs = 0
        /// Log lines from other threads not queued (over `ModuleLimits.maximumQueuedLogLines`), by instance.
        var droppedLogs: [UInt64: Int] = [:]
        /// The `invalidate` and `save_soon` calls waiting, by instance: another of the same merges into it.
        var merged: Set<MergedWork> = []
        /// Ticks waiting, by instance (at most `ModuleLimits.maximumPendingTicks`).
        var pendingTicks: [UInt64: Int] = [:]
        /// Ticks asked for in the current second, by instance: when it began and how many.
        var tickWindows: [UInt64: (start: ContinuousClock.Instant, count: Int)] = [:]
        /// Ticks not scheduled (over either bound), by instance.
        var droppedTicks: [UInt64: Int] = [:]
        /// The timers set, by instance and by module, and each instance's module (for `setTimer`'s bounds
        /// without a walk of every timer).
        var timersByInstance: [UInt64: Int] = [:]
        var timersByModule: [String: Int] = [:]
        var moduleOfInstance: [UInt64: String] = [:]

        /// Forgets the timer `key` (fired once, cancelled, or its instance gone).
        mutating func removeTimer(_ key: TimerKey) {
            guard timers.removeValue(forKey: key) != nil else { return }
            timersByInstance[key.instance, default: 1] -= 1
            if timersByInstance[key.instance] == 0 { timersByInstance[key.instance] = nil }
            if let module = moduleOfInstance[key.instance] {
                timersByModule[module, default: 1] -= 1
                if timersByModule[module] == 0 { timersByModule[module] = nil }
            }
        }

        /// Recounts what the pending list holds after items left it.
        mutating func recount() {
            queuedLogs = 0
            merged = []
            pendingTicks = [:]
            for item in pending {
                switch item.work {
                case .log: queuedLogs += 1
                case .invalidate, .saveSoon: merged.insert(MergedWork(instance: item.instance, work: item.work))
                case .tick: pendingTicks[item.instance, default: 0] += 1
                case .timer: break
                }
            }
        }
    }

    private struct MergedWork: Hashable, Sendable {
        var instance: UInt64
        var work: ScheduledWork
    }

    private let state = LockedValue(State())
    private let pipe: (read: Int32, write: Int32)
    /// The clock this scheduler sets and compares deadlines by: its session's (a test clock under
    /// `tabhost test`, which moves only when a script's `wait` moves it).
    public let clock: HostClock
    /// The clock's reading when the scheduler was made: `now_ms` counts from it.
    private let origin: ContinuousClock.Instant

    /// Now, by this scheduler's clock.
    public var now: ContinuousClock.Instant { clock.now() }

    /// The read end of the wake-up pipe: readable when work was scheduled. Watch it with `poll`.
    public var wakeFileDescriptor: Int32 { pipe.read }

    /// Creates a scheduler with its own non-blocking wake-up pipe, running by `clock`.
    public init(clock: HostClock = .monotonic) {
        var fds: [Int32] = [-1, -1]
        if Glibc.pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        pipe = (fds[0], fds[1])
        self.clock = clock
        origin = clock.now()
    }

    /// `now_ms` (ABI 1.3): milliseconds of this scheduler's clock since it was made; under
    /// `tabhost test` the test clock's, so a script's `wait` moves it and nothing else does.
    public var nowMilliseconds: UInt64 {
        let elapsed = clock.now() - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(0, seconds)) * 1000 + UInt64(max(0, attoseconds) / 1_000_000_000_000_000)
    }

    deinit {
        if pipe.read >= 0 { close(pipe.read) }
        if pipe.write >= 0 { close(pipe.write) }
    }

    /// Asks for a tick for `instance` after `milliseconds`. Safe from any thread.
    package func schedule(_ instance: UInt64, afterMilliseconds milliseconds: UInt32) {
        enqueue(instance, .tick, after: .milliseconds(Int(milliseconds)))
    }

    /// Queues `work` (an off-thread `invalidate`, `save_soon` or log line) for the main loop, due now.
    /// Safe from any thread.
    package func post(_ instance: UInt64, _ work: ScheduledWork) {
        enqueue(instance, work, after: .zero)
    }

    /// Sets (or replaces) the timer `id` of `instance`: due after `afterMilliseconds`, then every
    /// `repeatMilliseconds` (0: once; a shorter nonzero period is raised to `TAB_MIN_TIMER_REPEAT_MS`).
    /// False, and nothing set, when the instance already has `TAB_MAX_TIMERS` other timers, or its
    /// `module` `ModuleLimits.maximumTimersPerModule` (`setTimerOrRefuse` says which).
    /// Safe from any thread.
    package func setTimer(
        _ instance: UInt64, module: String = "", id: String, afterMilliseconds: UInt32, repeatMilliseconds: UInt32
    ) -> Bool {
        setTimerOrRefuse(instance, module: module, id: id, afterMilliseconds: afterMilliseconds, repeatMilliseconds: repeatMilliseconds)
            == nil
    }

    /// `setTimer`, or why not: the instance has `ModuleLimits.maximumTimers` set, or its module (all its
    /// instances) `ModuleLimits.maximumTimersPerModule`. Each bound is kept by counts, not by walking the
    /// timers: a module with thousands of screens made each `set_timer` walk every timer there was.
    package func setTimerOrRefuse(
        _ instance: UInt64, module: String, id: String, afterMilliseconds: UInt32, repeatMilliseconds: UInt32
    ) -> String? {
        let key = TimerKey(instance: instance, id: id)
        let period = repeatMilliseconds == 0 ? 0 : max(repeatMilliseconds, UInt32(ModuleLimits.minimumTimerRepeatMilliseconds))
        var entry = TimerEntry(deadline: now + .milliseconds(Int(afterMilliseconds)), repeatMilliseconds: period)
        let refusal = state.withLock { state -> String? in
            if state.timers[key] == nil {
                guard state.timersByInstance[instance, default: 0] < ModuleLimits.maximumTimers else {
                    return "\(ModuleLimits.maximumTimers) timers are set already; cancel one first"
                }
                guard state.timersByModule[module, default: 0] < ModuleLimits.maximumTimersPerModule else {
                    return "this module's tabs have \(ModuleLimits.maximumTimersPerModule) timers set already; cancel one first"
                }
                state.timersByInstance[instance, default: 0] += 1
                state.timersByModule[module, default: 0] += 1
                state.moduleOfInstance[instance] = module
            }
            // The same id replaces: a firing of the old timer not yet delivered never arrives.
            state.taken = state.taken.filter { $0.value != key }
            entry.order = state.nextOrder
            state.nextOrder += 1
            state.timers[key] = entry
            return nil
        }
        if refusal == nil { wake() }
        return refusal
    }

    /// Cancels the timer `id` of `instance`: it never fires after this returns, not even a firing
    /// already due and not yet delivered. Safe from any thread.
    package func cancelTimer(_ instance: UInt64, id: String) {
        let key = TimerKey(instance: instance, id: id)
        state.withLock { state in
            state.removeTimer(key)
            state.taken = state.taken.filter { $0.value != key }
        }
    }

    /// Forgets every tick, timer and queued call of `instance` (it was destroyed).
    package func cancel(_ instance: UInt64) {
        state.withLock { state in
            state.pending.removeAll { $0.instance == instance }
            state.recount()
            state.droppedLogs[instance] = nil
            state.droppedTicks[instance] = nil
            state.tickWindows[instance] = nil
            for key in state.timers.keys where key.instance == instance { state.removeTimer(key) }
            state.moduleOfInstance[instance] = nil
            state.taken = state.taken.filter { $0.value.instance != instance }
        }
    }

    /// The number of timers `instance` has set.
    package func timerCount(_ instance: UInt64) -> Int {
        state.withLock { $0.timersByInstance[instance, default: 0] }
    }

    /// The earliest deadline pending, for the main loop's poll timeout.
    public var nextDeadline: ContinuousClock.Instant? {
        state.withLock { state in
            let pending = state.pending.map(\.deadline).min()
            let timer = state.timers.values.map(\.deadline).min()
            switch (pending, timer) {
            case (let a?, let b?): return min(a, b)
            case (let a?, nil): return a
            case (nil, let b?): return b
            case (nil, nil): return nil
            }
        }
    }

    /// Removes and returns the work due at `now`, earliest first (drains the wake-up pipe too).
    /// A repeating timer is rescheduled; deliver a timer only when `claim(_:)` says it still stands.
    package func takeDue(now: ContinuousClock.Instant) -> [DueWork] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipe.read, &buffer, buffer.count) > 0 {}
        return state.withLock { state in
            var due: [(ContinuousClock.Instant, UInt64, DueWork)] = []
            for item in state.pending where item.deadline <= now {
                due.append((item.deadline, item.order, DueWork(instance: item.instance, work: item.work, firing: 0)))
            }
            state.pending.removeAll { $0.deadline <= now }
            state.recount()
            for (instance, count) in state.droppedLogs.sorted(by: { $0.key < $1.key }) {
                due.append((now, .max, DueWork(instance: instance, work: .log(.warning, ModuleLimits.queuedLogDrop(count)), firing: 0)))
            }
            state.droppedLogs.removeAll()
            for (instance, count) in state.droppedTicks.sorted(by: { $0.key < $1.key }) {
                due.append((now, .max, DueWork(instance: instance, work: .log(.warning, ModuleLimits.tickDrop(count)), firing: 0)))
            }
            state.droppedTicks.removeAll()
            for (key, entry) in state.timers where entry.deadline <= now {
                let firing = state.nextFiring
                state.nextFiring += 1
                state.taken[firing] = key
                due.append((entry.deadline, entry.order, DueWork(instance: key.instance, work: .timer(key.id), firing: firing)))
                if entry.repeatMilliseconds > 0 {
                    let period = Duration.milliseconds(Int(entry.repeatMilliseconds))
                    var next = entry.deadline + period
                    // A loop that fell behind skips the missed periods rather than firing them in a burst.
                    if next <= now { next = now + period }
                    state.timers[key]?.deadline = next
                } else {
                    state.removeTimer(key)
                }
            }
            // Earliest first; equal deadlines in the order they were asked for (timers live in a dictionary).
            return due.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }
    }

    /// True when `due` is still to be delivered: always for work that is not a timer; for a timer,
    /// true once, and only when it was not cancelled or replaced since `takeDue` returned it.
    package func claim(_ due: DueWork) -> Bool {
        guard case .timer = due.work else { return true }
        return state.withLock { $0.taken.removeValue(forKey: due.firing) != nil }
    }

    private func enqueue(_ instance: UInt64, _ work: ScheduledWork, after delay: Duration) {
        let asked = now
        let deadline = asked + delay
        let queued = state.withLock { state in
            // A thread logging, invalidating or asking for ticks without end would grow the queue faster
            // than the loop empties it, and keep the loop delivering to it alone.
            switch work {
            case .log:
                guard state.queuedLogs < ModuleLimits.maximumQueuedLogLines else {
                    state.droppedLogs[instance, default: 0] += 1
                    return false
                }
                state.queuedLogs += 1
            case .invalidate, .saveSoon:
                // One waiting does what any number would: the rest merge into it, silently.
                guard state.merged.insert(MergedWork(instance: instance, work: work)).inserted else { return false }
            case .tick:
                var window = state.tickWindows[instance] ?? (start: asked, count: 0)
                if asked - window.start >= .seconds(1) { window = (start: asked, count: 0) }
                guard window.count < ModuleLimits.maximumTicksPerSecond,
                    state.pendingTicks[instance, default: 0] < ModuleLimits.maximumPendingTicks
                else {
                    state.droppedTicks[instance, default: 0] += 1
                    return false
                }
                window.count += 1
                state.tickWindows[instance] = window
                state.pendingTicks[instance, default: 0] += 1
            case .timer: break
            }
            state.pending.append(Pending(deadline: deadline, instance: instance, work: work, order: state.nextOrder))
            state.nextOrder += 1
            return true
        }
        if queued { wake() }
    }

    /// Wakes the main loop as scheduled work does: a test clock that moved may have made work due.
    public func wakeLoop() {
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)  // a full pipe already means "wake up"
    }
}
