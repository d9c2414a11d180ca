import TabHostClient
import TabHostCore
import TabHostLoop
import TabKit

/// What a front end attaches to under `tabhost dev`: the host session, plus Ctrl-B, which opens the
/// build log instead of going to the module.
public final class DevScreenSession: ScreenSession {
    /// The session shown.
    public let session: HostSession
    /// The loop whose log Ctrl-B shows.
    public let devLoop: DevLoop

    /// The key that opens the build log: Ctrl-B (0x02), as the terminal forwards it.
    public static let logKey = TabKey(rawValue: 0x02)

    /// `session` with `devLoop`'s log key.
    public init(session: HostSession, devLoop: DevLoop) {
        self.session = session
        self.devLoop = devLoop
    }

    /// The session's loop.
    public var loop: any EventLoop { session.loop }
    /// The session's screen.
    public var screen: Screen { session.screen }
    /// The session's (its modules' first views are waited for as in `tabhost run`).
    public var isAwaitingModules: Bool { session.isAwaitingModules }

    /// Ctrl-B shows the build log; everything else goes to the session.
    public func perform(_ action: ScreenAction) {
        if action == .key(Self.logKey) {
            devLoop.showLog()
        } else {
            session.perform(action)
        }
    }

    /// Subscribes to the session.
    @discardableResult
    public func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription {
        session.subscribe(subscriber)
    }

    /// Unsubscribes from the session.
    public func unsubscribe(_ subscription: ScreenSubscription) { session.unsubscribe(subscription) }
}
