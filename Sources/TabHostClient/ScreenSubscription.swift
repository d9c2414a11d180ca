/// Identifies a front end's subscription to a session's screens.
public struct ScreenSubscription: Sendable, Hashable {
    let value: Int
}
