import TabKit

/// The subscriber list of a `ScreenSession`: publishes a screen to every subscriber when it differs
/// from the one published last, so front ends never see the same screen twice.
///
/// Loop-thread only. A session calls `publish(_:)` at the end of each loop iteration where its
/// model may have changed.
public final class ScreenPublisher {
    private var subscribers: [(ScreenSubscription, (Screen) -> Void)] = []
    private var nextID = 0
    /// The screen last published; nil before the first.
    public private(set) var lastPublished: Screen?

    /// Creates an empty publisher.
    public init() {}

    /// True when someone listens.
    public var hasSubscribers: Bool { !subscribers.isEmpty }

    /// Adds a subscriber.
    @discardableResult
    public func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription {
        nextID += 1
        let id = ScreenSubscription(value: nextID)
        subscribers.append((id, subscriber))
        return id
    }

    /// Removes a subscriber.
    public func unsubscribe(_ id: ScreenSubscription) {
        subscribers.removeAll { $0.0 == id }
    }

    /// Sends `screen` to every subscriber unless it equals the last one published; returns whether it was sent.
    @discardableResult
    public func publish(_ screen: Screen) -> Bool {
        guard screen != lastPublished else { return false }
        lastPublished = screen
        // A subscriber may unsubscribe (itself or another) while being called.
        for (id, subscriber) in subscribers where subscribers.contains(where: { $0.0 == id }) {
            subscriber(screen)
        }
        return true
    }
}
