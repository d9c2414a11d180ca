/// Something of a content view that can have the focus: an activatable row, table row or button
/// (by its action id), a text field or a toggle (by its id). Front ends move the focus among them
/// in display order and tell the model where it is (`ScreenAction.focus`), so events carry it.
public enum ViewFocusable: Sendable, Hashable {
    /// A row, table row or button with this action id.
    case action(String)
    /// A text field with this id.
    case field(String)
    /// A toggle with this id.
    case toggle(String)

    /// The id (`tab_event.focus` carries it).
    public var id: String {
        switch self {
        case .action(let id), .field(let id), .toggle(let id): id
        }
    }
}
