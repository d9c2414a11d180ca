/// What a screen region means when clicked.
package enum HitTarget: Sendable, Hashable {
    /// The Back label in the title bar.
    case back
    /// Tab bar slot `index` (the More slot included), or a custom bar button naming that index.
    case tab(Int)
    /// A row or button with this action id; `focusIndex` is its index in `focusableActions`
    /// (nil for a custom bar button that names no slot).
    case action(String, focusIndex: Int?)
    /// The modal's dismiss hint.
    case dismiss
}
