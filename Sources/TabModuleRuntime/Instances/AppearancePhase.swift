/// Where a module's screen is in appearing or disappearing (`enum tab_appearance_phase`), in
/// UIKit's order: `willAppear`, `didAppear`, `willDisappear`, `didDisappear`.
public enum AppearancePhase: Sendable, Hashable, Codable {
    /// The screen is about to become visible.
    case willAppear
    /// The screen became visible.
    case didAppear
    /// The screen is about to stop being visible.
    case willDisappear
    /// The screen stopped being visible.
    case didDisappear
}
