import Foundation
import TabHostClient
import TabHostConcurrency
import TabHostPoll
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct PollEventLoopTests {
    @Test func timersFireInDeadlineOrderAndCanBeCancelled() throws {
        let loop = PollEventLoop()
        var order: [String] = []
        let start = ContinuousClock.now
        loop.schedule(after: .milliseconds(40)) { order.append("40") }
        loop.schedule(after: .milliseconds(10)) { order.append("10") }
        let cancelled = loop.schedule(after: .milliseconds(20)) { order.append("20") }
        loop.schedule(after: .milliseconds(60)) {
            order.append("60")
            loop.stop()
        }
        loop.cancel(cancelled)
        try loop.run()
        #expect(order == ["10", "40", "60"])
        #expect(ContinuousClock.now - start >= .milliseconds(60))
    }

    @Test func watchedDescriptorsAndEndOfIterationHandlers() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let loop = PollEventLoop()
        var received: [UInt8] = []
        var iterations = 0
        loop.atEndOfIteration { iterations += 1 }
        // Weak: a loop holding a callback that holds the loop would never be freed (LeakSanitizer).
        loop.watch(fds[0]) { [weak loop] in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            received.append(byte)
            if byte == 3 { loop?.stop() }
        }
        for value: UInt8 in [1, 2, 3] {
            loop.schedule(after: .milliseconds(5 * Int(value))) {
                var byte = value
                _ = write(fds[1], &byte, 1)
            }
        }
        try loop.run()
        #expect(received == [1, 2, 3])
        #expect(iterations >= 4)  // once before waiting, then after each wake-up
    }

    @Test func unwatchStopsCallbacks() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let loop = PollEventLoop()
        var calls = 0
        let id = loop.watch(fds[0]) { calls += 1 }
        loop.unwatch(id)
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        try loop.runOnce(timeout: .milliseconds(20))
        #expect(calls == 0)
    }

    @Test func workPostedFromOtherThreadsRunsOnTheLoopThreadInOrder() throws {
        let loop = PollEventLoop()
        let seen = LockedValue<[Int]>([])
        let onLoop = LockedValue<[Bool]>([])
        let poster = Thread {
            for value in 1...100 {
                loop.execute {
                    seen.withLock { $0.append(value) }
                    onLoop.withLock { $0.append(loop.inEventLoop) }
                    if value == 100 { loop.stop() }
                }
            }
        }
        // A timer far away: only the posted work can wake the loop in time.
        loop.schedule(after: .seconds(30)) { [weak loop] in loop?.stop() }
        poster.start()
        let start = ContinuousClock.now
        try loop.run()
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(seen.withLock { $0 } == Array(1...100))
        #expect(onLoop.withLock { $0 }.allSatisfy { $0 })
    }

    @Test func stopFromAnotherThreadWakesAWaitingLoop() throws {
        let loop = PollEventLoop()
        let stopper = Thread {
            usleep(50_000)
            loop.stop()
        }
        loop.schedule(after: .seconds(30)) {}
        stopper.start()
        let start = ContinuousClock.now
        try loop.run()
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func inEventLoopIsTrueOnlyOnTheThreadThatRuns() throws {
        let loop = PollEventLoop()
        #expect(loop.inEventLoop)  // the creating thread owns it until run()
        let fromOther = LockedValue<Bool?>(nil)
        let other = Thread {
            fromOther.withLock { $0 = loop.inEventLoop }
            loop.stop()
        }
        other.start()
        try loop.run()
        #expect(fromOther.withLock { $0 } == false)
    }

    @Test func aStopBeforeRunIsKeptAndRunReturns() throws {
        let loop = PollEventLoop()
        var handled = 0
        loop.atEndOfIteration { handled += 1 }
        loop.stop()
        try loop.run()  // returns at once instead of waiting forever
        #expect(handled == 1)
        // The flag went with that run: the loop runs again until the next stop.
        loop.schedule(after: .milliseconds(10)) { loop.stop() }
        try loop.run()
        #expect(handled >= 2)
    }
}
