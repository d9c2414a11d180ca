extension ScreenSession {
    /// Never: a session that does not say whether its modules are working has nothing to wait for.
    public var isAwaitingModules: Bool { false }
}
