/// An appearance phase (`enum tab_appearance_phase`): calls strictly cycle in this order.
public enum AppearancePhase: Int32, Sendable, Hashable, CaseIterable {
    /// About to become visible.
    case willAppear = 0
    /// Became visible.
    case didAppear = 1
    /// About to stop being visible.
    case willDisappear = 2
    /// Stopped being visible.
    case didDisappear = 3
}
