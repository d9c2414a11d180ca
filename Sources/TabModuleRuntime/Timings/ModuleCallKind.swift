/// A module function the host calls, as `tabhost inspect NAME --timings` names it.
public enum ModuleCallKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// `create`.
    case create
    /// `start`.
    case start
    /// `render`.
    case render
    /// `event`.
    case event
    /// `appearance`.
    case appearance
    /// `save_state`.
    case saveState = "save_state"
    /// `restore_state`.
    case restoreState = "restore_state"
    /// `destroy`.
    case destroy
}
