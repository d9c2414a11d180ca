/// Where a controller is in the strict will/did appear/disappear cycle (rule 5).
public enum AppearanceState: Sendable, Hashable {
    /// Not visible (the initial state).
    case disappeared
    /// `willAppear` was sent, `didAppear` not yet.
    case appearing
    /// Visible.
    case appeared
    /// `willDisappear` was sent, `didDisappear` not yet.
    case disappearing
}
