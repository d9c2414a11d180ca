import TabKit

/// What a screen region means when clicked.
package enum HitTarget: Sendable, Hashable {
    /// The Back label in the title bar.
    case back
    /// Tab bar slot `index` (the More slot included), or a custom bar button naming that index.
    case tab(Int)
    /// A row or button with this action id; `focusIndex` is its index in `ViewTree.focusables`
    /// (nil for a custom bar button that names no slot).
    case action(String, focusIndex: Int?)
    /// The modal's dismiss hint.
    case dismiss
    /// A text field; `focusIndex` is its index in `ViewTree.focusables`.
    case field(String, focusIndex: Int)
    /// A toggle showing `isOn`; `focusIndex` is its index in `ViewTree.focusables`.
    case toggle(String, isOn: Bool, focusIndex: Int)
    /// The `⋯` of a row with row actions: opens their menu (`focusIndex` nil for an inert row).
    case rowActions([ViewRowAction], focusIndex: Int?)
    /// Button `index` of the alert.
    case alertButton(Int)
    /// Entry `index` of the open row-action menu.
    case menuItem(Int)
    /// Elsewhere inside an alert or menu box: nothing under it is hit.
    case overlay
}
