import TabHostClient
import TabHostConcurrency
import TabHostLoop
import TabHostPoll
import TabKit
import Testing

/// `ScreenSessionHandle` from the loop thread after the loop stopped, as `WebFrontEnd.stop` uses it,
/// and outliving its session, as a web server's routes do at exit.
struct ScreenSessionHandleTests {
    /// The smallest session: a loop and a publisher, counting unsubscriptions.
    final class CountingSession: ScreenSession {
        let loop: any EventLoop = PollEventLoop()
        let publisher = ScreenPublisher()
        var unsubscribed = 0
        var screen: Screen { Screen(title: "counting") }
        func perform(_ action: ScreenAction) {}
        func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription { publisher.subscribe(subscriber) }
        func unsubscribe(_ subscription: ScreenSubscription) {
            unsubscribed += 1
            publisher.unsubscribe(subscription)
        }
    }

    @Test func onTheLoopThreadItRunsAtOnceAndKeepsNoSessionAlive() {
        weak var released: CountingSession?
        do {
            let session = CountingSession()  // its loop is owned by this thread
            released = session
            let handle = ScreenSessionHandle(session)
            let subscription = session.subscribe { _ in }
            handle.withSession { [subscription] session in session.unsubscribe(subscription) }
            #expect(session.unsubscribed == 1)
        }
        // Posted instead, the work would wait in the loop's queue forever, holding the session.
        #expect(released == nil)
    }

    @Test func aHandleThatOutlivesItsSessionKeptItNotAliveAndThenDoesNothing() {
        weak var released: CountingSession?
        var handle: ScreenSessionHandle?
        do {
            let session = CountingSession()
            released = session
            handle = ScreenSessionHandle(session)
        }
        // Freed here, on its owner's thread, not wherever the handle's last copy goes.
        #expect(released == nil)
        let ran = LockedValue(0)
        handle?.withSession { _ in ran.withLock { $0 += 1 } }
        #expect(ran.withLock { $0 } == 0)
    }
}
