import Glibc
import TabHostConcurrency

/// Collects `schedule_tick` requests, from any thread, for the main loop to deliver.
///
/// `schedule_tick` is the one host call a module may make from its own threads,
/// so requests go through a mutex and a self-pipe wakes the main loop's `poll`.
public final class TickScheduler: Sendable {
    private struct Pending: Sendable {
        var deadline: ContinuousClock.Instant
        var instance: UInt64
    }

    private let pending = LockedValue<[Pending]>([])
    private let pipe: (read: Int32, write: Int32)

    /// The read end of the wake-up pipe: readable when a tick was scheduled. Watch it with `poll`.
    public var wakeFileDescriptor: Int32 { pipe.read }

    /// Creates a scheduler with its own non-blocking wake-up pipe.
    public init() {
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
    }

    deinit {
        if pipe.read >= 0 { close(pipe.read) }
        if pipe.write >= 0 { close(pipe.write) }
    }

    /// Asks for a tick for `instance` after `milliseconds`. Safe from any thread.
    package func schedule(_ instance: UInt64, afterMilliseconds milliseconds: UInt32) {
        let deadline = ContinuousClock.now + .milliseconds(Int(milliseconds))
        pending.withLock { $0.append(Pending(deadline: deadline, instance: instance)) }
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)  // a full pipe already means "wake up"
    }

    /// Forgets every request of `instance` (it was destroyed).
    package func cancel(_ instance: UInt64) {
        pending.withLock { $0.removeAll { $0.instance == instance } }
    }

    /// The earliest deadline pending, for the main loop's poll timeout.
    public var nextDeadline: ContinuousClock.Instant? {
        pending.withLock { $0.map(\.deadline).min() }
    }

    /// Removes and returns the requests due at `now` (drains the wake-up pipe too).
    func takeDue(now: ContinuousClock.Instant) -> [UInt64] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipe.read, &buffer, buffer.count) > 0 {}
        return pending.withLock { list in
            let due = list.filter { $0.deadline <= now }
            list.removeAll { $0.deadline <= now }
            return due.sorted { $0.deadline < $1.deadline }.map(\.instance)
        }
    }
}
