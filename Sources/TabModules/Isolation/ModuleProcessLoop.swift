/// What out-of-process instances need from the host's event loop: descriptors to watch while no
/// call is waiting (ticks from a module's threads, its output, a crash while idle, a late reply
/// after a hang) and timers (killing a child that stopped answering).
///
/// The host core adapts its `EventLoop` to this; TabModules knows no loop type. Main-loop only.
public protocol ModuleProcessLoop: AnyObject {
    /// Calls `callback` on the loop whenever `fd` is readable or hung up; returns a token for `unwatch`.
    func watch(_ fd: Int32, _ callback: @escaping () -> Void) -> Int
    /// Stops watching.
    func unwatch(_ token: Int)
    /// Runs `body` once on the loop after `delay`; returns a token for `cancel`.
    func schedule(after delay: Duration, _ body: @escaping () -> Void) -> Int
    /// Cancels a timer that has not fired.
    func cancel(_ token: Int)
}
