extension ModuleInstance {
    /// An instance whose module runs in this process never stops apart from the host.
    public var isStopped: Bool { false }
    /// An instance whose module runs in this process has nothing to look at.
    public func noticeStop() {}
    /// An instance whose module runs in this process is never held.
    public var isHeld: Bool { false }
    /// An instance whose module runs in this process is never busy apart from the host.
    public var isBusy: Bool { false }
    /// An instance whose module runs in this process answers `saveState()` at once: nothing to ask ahead.
    public func refreshSavedState(then done: @escaping () -> Void) { done() }
    /// An instance whose module runs in this process answers `saveState()` at once.
    public func stateWithoutWaiting() -> [UInt8]? { saveState() }
}
