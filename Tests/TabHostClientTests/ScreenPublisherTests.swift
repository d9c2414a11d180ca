import TabHostClient
import TabKit
import Testing

struct ScreenPublisherTests {
    @Test func publishesOnlyScreensThatDifferFromTheLastOne() {
        let publisher = ScreenPublisher()
        var first: [String] = []
        var second: [String] = []
        publisher.subscribe { first.append($0.title) }
        publisher.subscribe { second.append($0.title) }
        #expect(publisher.publish(Screen(title: "A")))
        #expect(!publisher.publish(Screen(title: "A")))
        #expect(publisher.publish(Screen(title: "B")))
        #expect(first == ["A", "B"])
        #expect(second == ["A", "B"])
    }

    @Test func aSubscriberMayUnsubscribeAnotherWhileBeingCalled() {
        let publisher = ScreenPublisher()
        var calls: [String] = []
        var later: ScreenSubscription?
        // Weak: a publisher holding a subscriber that holds it would never be freed (LeakSanitizer).
        publisher.subscribe { [weak publisher] _ in
            calls.append("first")
            if let later { publisher?.unsubscribe(later) }
        }
        later = publisher.subscribe { _ in calls.append("second") }
        publisher.publish(Screen(title: "A"))
        publisher.publish(Screen(title: "B"))
        #expect(calls == ["first", "first"])
    }
}
