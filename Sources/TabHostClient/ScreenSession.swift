import TabHostLoop
import TabKit

/// What a front end attaches to: a live session's current screen, its actions, and its changes.
///
/// Every member is called on `loop`'s thread, and subscribers are called there too; a front end
/// living on other threads (a web server) posts its calls with `loop.execute` and hops back to its
/// own threads from its subscriber. Several front ends may attach to one session at once: each
/// sees every screen change, whoever caused it.
public protocol ScreenSession: AnyObject {
    /// The loop the session runs on.
    var loop: any EventLoop { get }
    /// The screen as it is now. Cheap when nothing changed: nothing is rendered again.
    var screen: Screen { get }
    /// Carries out a front end's action (a tap, an activation, Back, a key).
    func perform(_ action: ScreenAction)
    /// Calls `subscriber` with each new screen, once per loop iteration at most, after the
    /// iteration's changes (an action, a tick, a hot reload), and only when the screen changed.
    @discardableResult
    func subscribe(_ subscriber: @escaping (Screen) -> Void) -> ScreenSubscription
    /// Stops calling a subscriber.
    func unsubscribe(_ subscription: ScreenSubscription)
    /// The directories the session's modules may show image files from (their module directories and
    /// data directories): a front end that serves image files serves none from anywhere else.
    var imageDirectories: [String] { get }
    /// True while a module has not answered what it was posted (an isolated module's start or first
    /// render on its way): the screen is about to change without any input. A front end may hold its
    /// first frame back a moment rather than draw a placeholder a loop iteration before the view.
    var isAwaitingModules: Bool { get }
}
