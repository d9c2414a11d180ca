/// Defaults for the optional requirements, so a module implements only what it needs.
extension TabModule {
    /// Does nothing.
    public func start(param: String?) {}

    /// Ignores the event.
    public func handle(_ event: Event) {}

    /// Forgets the focus and calls ``handle(_:)``.
    public func handle(_ event: Event, focus: String?) { handle(event) }

    /// Ignores the phase.
    public func appearance(_ phase: AppearancePhase) {}

    /// Saves nothing.
    public func saveState() -> [UInt8]? { nil }

    /// Restores nothing and says so.
    public func restoreState(_ bytes: [UInt8]) -> Bool { false }
}
