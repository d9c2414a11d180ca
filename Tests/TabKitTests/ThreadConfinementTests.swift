import Foundation
import TabKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

/// The model belongs to one thread once bound (debug builds check it at every entry point).
struct ThreadConfinementTests {
    /// What `body` answers on a new thread.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Bool) -> Bool {
        final class Answer: @unchecked Sendable {
            var value = false
            let done = DispatchSemaphore(value: 0)
        }
        let answer = Answer()
        let thread = Thread {
            answer.value = body()
            answer.done.signal()
        }
        thread.start()
        answer.done.wait()
        return answer.value
    }

    @Test func anUnboundConfinementAcceptsEveryThread() {
        let confinement = ThreadConfinement()
        #expect(confinement.isConfined)
        #expect(Self.onAnotherThread { confinement.isConfined })
    }

    @Test func aBoundConfinementAcceptsOnlyItsThread() {
        let confinement = ThreadConfinement()
        confinement.bind()
        #expect(confinement.isConfined)
        confinement.assertConfined("test")
        #expect(Self.onAnotherThread { confinement.isConfined } == false)
    }

    @Test func aHostBoundToItsThreadWorksThere() {
        let f = TabFixture(["A", "B"])
        f.host.confinement.bind()
        #expect(f.host.apply(.selectTab(1)))
        f.host.invalidate(f["B"])
        #expect(f.host.screen.content.nodes.first == .text("B content"))
        let confinement = f.host.confinement
        #expect(Self.onAnotherThread { confinement.isConfined } == false)
    }
}
