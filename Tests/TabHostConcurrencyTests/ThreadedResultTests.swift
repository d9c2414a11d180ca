import Foundation
import Synchronization
import TabHostConcurrency
import Testing

struct ThreadedResultTests {
    /// A value whose lifetime a test watches.
    final class Token: @unchecked Sendable {
        let onDeinit: @Sendable () -> Void
        init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    @Test func theWorkRunsOnAnotherThreadWhileTheStarterGoesOn() {
        let caller = pthread_self()
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let result = ThreadedResult { () -> pthread_t in
            started.signal()
            // Still blocked here when the starter continues: it would deadlock if the work ran in `init`.
            release.wait()
            return pthread_self()
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        release.signal()
        let worker = result.value()
        #expect(pthread_equal(worker, caller) == 0)
    }

    @Test func valueIsComputedOnceAndTakenAgainUnchanged() {
        let runs = Atomic<Int>(0)
        let result = ThreadedResult { () -> [Int] in
            runs.add(1, ordering: .relaxed)
            return Array(0..<1_000)
        }
        #expect(result.value() == Array(0..<1_000))
        #expect(result.value().count == 1_000)
        let count = runs.load(ordering: .relaxed)
        #expect(count == 1)
    }

    @Test func droppedUntakenItsWorkFinishesAndItsValueIsReleased() {
        let released = DispatchSemaphore(value: 0)
        let finished = Atomic<Bool>(false)
        do {
            _ = ThreadedResult { () -> Token in
                usleep(20_000)
                finished.store(true, ordering: .relaxed)
                return Token { released.signal() }
            }
        }
        // Nobody takes the value: it goes with the last reference, the thread's own or the starter's.
        #expect(released.wait(timeout: .now() + 10) == .success)
        let done = finished.load(ordering: .relaxed)
        #expect(done)
    }
}
