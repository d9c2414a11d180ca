import TabKit

/// One live instance of a module, however it runs: the interface `ModuleController`, the hot
/// reloader and the runtime use, so none of them depends on descriptor pointers or on the module
/// running in this process.
///
/// Main-loop only. An instance calls the module's `destroy` exactly once, never in the middle of
/// one of the module's own calls; every call after `destroy` does nothing.
public protocol ModuleInstance: AnyObject {
    /// A process-unique id, never reused (ticks are routed by it).
    var id: UInt64 { get }
    /// The module's declared name.
    var moduleName: String { get }
    /// The object that receives this instance's host calls (`tab_host_api`).
    var delegate: (any ModuleInstanceDelegate)? { get set }
    /// True until `destroy` ran.
    var isAlive: Bool { get }
    /// True while the instance shows that its module stopped (its process crashed or was held): its
    /// module is not running, so it has no state to give.
    var isStopped: Bool { get }
    /// Looks whether its module stopped since the host last read from it (a process that ended before
    /// the loop, or a command without one, saw it), so that `isStopped` is current: a reload asks
    /// before it saves the state, where a stop found late would read as one in `save_state`.
    func noticeStop()
    /// True while the instance waits for the user's Restart after its module's crash loop.
    var isHeld: Bool { get }
    /// True while its module works on a call the user waits on past the busy threshold, or on any
    /// call past the hang timeout (its process is shared: every instance of the module is busy then).
    var isBusy: Bool { get }
    /// The module's `start(param)`, if it has one.
    func start(param: String?)
    /// The module's `render`: what it built.
    func render() -> ViewTree
    /// The module's `render`, drawing of each lazy list (by id) the rows in its window (ABI 1.3;
    /// lists not named get the default window).
    func render(listWindows: [String: Range<Int>]) -> ViewTree
    /// Delivers `event` to the module's `event`, if it has one, with `focus` as `tab_event.focus`.
    func send(_ event: ModuleEvent, focus: String?)
    /// The module's `appearance(phase)`, if it has one.
    func appearance(_ phase: AppearancePhase)
    /// The module's saved state, or nil when it has no `save_state` (or it never settled on a size).
    func saveState() -> [UInt8]?
    /// What `saveState()` would return without asking a module that runs elsewhere: what it answered or
    /// saved last.
    func stateWithoutWaiting() -> [UInt8]?
    /// Asks the module for its state without waiting: `done` runs once it answered, or at once when
    /// there is nothing to ask. Until the module gets another call, `saveState()` then answers with
    /// that state without asking again.
    func refreshSavedState(then done: @escaping () -> Void)
    /// The module's `restore_state`; false when the module refused the state or has none.
    func restoreState(_ state: [UInt8]) -> Bool
    /// Calls the module's `destroy` now, or right after the module call in progress returns.
    func destroy()
}
