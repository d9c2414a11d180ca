/// A screen or container in the TabKit tree: the extension point modules plug into.
///
/// Conforming is deliberately cheap for a class in another module (such as the loader's
/// module-backed controller): store one `let context = ControllerContext()` and implement
/// `render()`; everything else has a default. A protocol plus a stored context object was
/// chosen over an open base class so that a conforming class stays `final`, can inherit from
/// something else, and cannot corrupt container bookkeeping (the context's state is only
/// writable inside TabKit).
///
/// Main-loop only: every method is called on the host's one thread, and implementations must
/// call back into TabKit only from that thread.
public protocol Controller: AnyObject {
    /// The bookkeeping containers keep for this controller (parent, appearance state, module).
    var context: ControllerContext { get }
    /// The title shown in the title bar and, without a tab-item override, in the tab bar.
    var title: String { get }
    /// What a tab bar shows for this controller when it is a tab's root.
    var tabItem: TabItemInfo { get }
    /// Receives a lifecycle call (load, appearance, moves between parents), in UIKit's order.
    func lifecycle(_ event: LifecycleEvent)
    /// Starts (or restarts, for `addTab` with an existing name) with a parameter.
    func start(param: String?)
    /// Builds the content the front end draws.
    func render() -> ViewTree
    /// Handles an action, key or tick routed to this controller.
    func handle(_ event: ControllerEvent)
    /// Returns opaque state bytes to save for restoration or reload; nil for none.
    func saveState() -> [UInt8]?
    /// What `saveState()` would return, without waiting on anything that may be slow (a module in
    /// another process gives what it answered or saved last). Defaults to `saveState()`.
    func stateWithoutWaiting() -> [UInt8]?
    /// Restores state bytes from `saveState`; returns true when they were accepted.
    func restoreState(_ state: [UInt8]) -> Bool
    /// True when the controller's content is taken to change with every event it handles: the host
    /// then renders it again after each action, key, tick or other event it delivers, as if it had
    /// been invalidated once. False renders it only after `ContainerHost.invalidate(_:)`, when it
    /// appears, and when a front end needs a frame nothing is kept for (a module built against
    /// ABI 1.2 or later). Defaults to true.
    var rendersAfterEveryEvent: Bool { get }
}

extension Controller {
    /// Defaults to the title, with no glyph, image or badge.
    public var tabItem: TabItemInfo { TabItemInfo(title: title) }
    /// Ignores lifecycle calls.
    public func lifecycle(_ event: LifecycleEvent) {}
    /// Ignores the parameter.
    public func start(param: String?) {}
    /// Ignores the event.
    public func handle(_ event: ControllerEvent) {}
    /// Saves nothing.
    public func saveState() -> [UInt8]? { nil }
    /// `saveState()`: a controller of the host's own answers at once.
    public func stateWithoutWaiting() -> [UInt8]? { saveState() }
    /// Accepts nothing.
    public func restoreState(_ state: [UInt8]) -> Bool { false }
    /// Renders again after every event (the rule before ABI 1.2).
    public var rendersAfterEveryEvent: Bool { true }
}
