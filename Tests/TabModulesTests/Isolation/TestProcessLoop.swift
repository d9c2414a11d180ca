import Foundation
import TabModules

/// A minimal poll(2) loop for out-of-process instances in tests (the host core adapts its real loop).
final class TestProcessLoop: ModuleProcessLoop {
    private var watches: [Int: (fd: Int32, callback: () -> Void)] = [:]
    private var timers: [Int: (deadline: ContinuousClock.Instant, body: () -> Void)] = [:]
    private var nextToken = 0

    func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> Int {
        nextToken += 1
        watches[nextToken] = (fd, callback)
        return nextToken
    }

    func unwatch(_ token: Int) { watches[token] = nil }

    func schedule(after delay: Duration, _ body: @escaping () -> Void) -> Int {
        nextToken += 1
        timers[nextToken] = (.now + delay, body)
        return nextToken
    }

    func cancel(_ token: Int) { timers[token] = nil }

    /// One iteration: waits up to `timeout` for a watched descriptor, then runs what is ready and due.
    func runOnce(timeout: Duration) {
        let entries = watches.sorted { $0.key < $1.key }
        var fds = entries.map { pollfd(fd: $0.value.fd, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        for (index, entry) in entries.enumerated() where fds[index].revents != 0 {
            if watches[entry.key] != nil { entry.value.callback() }
        }
        let now = ContinuousClock.now
        for (token, timer) in timers.sorted(by: { $0.value.deadline < $1.value.deadline }) where timer.deadline <= now {
            guard timers.removeValue(forKey: token) != nil else { continue }
            timer.body()
        }
    }
}
