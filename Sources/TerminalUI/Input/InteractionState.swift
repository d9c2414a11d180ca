import TabKit

/// What the terminal adds to a `Screen` when it draws it: the text of the fields as being edited,
/// whether the focused field takes keys (its cursor shows), the alert's chosen button and an
/// open row-action menu. The router owns it; the renderer only reads it.
package struct InteractionState: Sendable, Hashable {
    /// The edit buffer of each text field, by field id.
    public var fields: [String: FieldEditor] = [:]
    /// True when the focused text field takes the keys (the cursor is drawn in it).
    public var isEditing = false
    /// The alert button that Enter picks.
    public var alertButton = 0
    /// The open row-action menu, nil when none.
    public var menu: RowActionMenu?
    /// The toast shown over the content's last row (ABI 1.3), nil when none; the app clears it after
    /// about three seconds.
    public var toast: ScreenNote?

    /// Nothing edited, no menu.
    public init() {}
}
