import Foundation
import Synchronization
import TabHostConcurrency
import Testing

struct LockedValueTests {
    /// What a throwing body throws: typed, so `withLock` must rethrow it as that type.
    struct Refusal: Error, Equatable {
        let code: Int
    }

    /// Two fields one update changes together; a reader must never see them differ.
    struct Pair {
        var first = 0
        var second = 0
    }

    /// A value whose lifetime a test watches.
    final class Token {}

    @Test(arguments: [2, 8])
    func incrementsFromSeveralThreadsAreNeverLost(threads: Int) {
        let counter = LockedValue(0)
        Self.onThreads(threads) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * 10_000)
    }

    @Test func bodiesNeverOverlapAndReadersNeverSeeAHalfDoneUpdate() {
        let pair = LockedValue(Pair())
        let inside = Atomic<Int>(0)
        let mostInside = Atomic<Int>(0)
        let torn = Atomic<Int>(0)
        Self.onThreads(6) { index in
            for _ in 0..<2_000 {
                pair.withLock { pair in
                    let now = inside.add(1, ordering: .relaxed).newValue
                    mostInside.max(now, ordering: .relaxed)
                    if index % 2 == 0 {
                        pair.first += 1
                        sched_yield()  // widens the window another thread would need to see the pair half done
                        pair.second += 1
                    } else if pair.first != pair.second {
                        torn.add(1, ordering: .relaxed)
                    }
                    inside.subtract(1, ordering: .relaxed)
                }
            }
        }
        #expect(mostInside.load(ordering: .relaxed) == 1)
        #expect(torn.load(ordering: .relaxed) == 0)
        let final = pair.withLock { $0 }
        #expect(final.first == 3 * 2_000 && final.second == 3 * 2_000)
    }

    @Test func aThrowingBodyRethrowsItsTypedErrorKeepsItsChangesAndReleasesTheLock() {
        let list = LockedValue([1])
        // `do throws(Refusal)`: this only compiles if withLock keeps the error's type.
        let code: Int? = {
            do throws(Refusal) {
                try list.withLock { (list: inout [Int]) throws(Refusal) in
                    list.append(2)
                    throw Refusal(code: 7)
                }
                return nil
            } catch {
                return error.code
            }
        }()
        #expect(code == 7)
        #expect(throws: Refusal(code: 8)) {
            try list.withLock { _ throws(Refusal) in throw Refusal(code: 8) }
        }
        // nil here would mean the throw left the lock held.
        #expect(list.withLockIfAvailable { $0 } == [1, 2])
    }

    @Test func withLockIfAvailableRunsNothingWhileAnotherThreadOrThisOneHoldsTheLock() {
        let value = LockedValue(0)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            value.withLock { _ in
                held.signal()
                release.wait()
            }
            done.signal()
        }.start()
        held.wait()
        #expect(value.withLockIfAvailable { $0 += 1 } == nil)
        release.signal()
        done.wait()
        #expect(value.withLockIfAvailable { $0 += 1 } != nil)
        // Not recursive: the holding thread itself cannot take it again.
        #expect(value.withLock { _ in value.withLockIfAvailable { _ in } } == nil)
        #expect(value.withLock { $0 } == 1)
    }

    @Test func copiesShareOneLockAndValue() {
        let original = LockedValue("a")
        let copy = original
        copy.withLock { $0 += "b" }
        #expect(original.withLock { $0 } == "ab")
        #expect(original.withLock { _ in copy.withLockIfAvailable { _ in } } == nil)
    }

    @Test func theValueIsReleasedWithTheLastCopy() {
        weak var watched: Token?
        do {
            let token = Token()
            watched = token
            let lock = LockedValue(token)
            let copy = lock
            #expect(copy.withLock { $0 } === token)
        }
        #expect(watched == nil)
    }

    /// Runs `body(index)` on `count` threads started together (each waits for the others first, so
    /// they contend), and returns when all have finished.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let arrived = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread {
                arrived.signal()
                go.wait()
                body(index)
                finished.signal()
            }.start()
        }
        for _ in 0..<count { arrived.wait() }
        for _ in 0..<count { go.signal() }
        for _ in 0..<count { finished.wait() }
    }
}
