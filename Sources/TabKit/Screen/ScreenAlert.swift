/// An alert a module raised (`alert`, ABI 1.2; UIAlertController's alert), drawn over the screen
/// until the user picks a button.
public struct ScreenAlert: Sendable, Hashable, Codable {
    /// The module's id for it, sent back with the answer (`TAB_EVENT_ALERT`).
    public var id: String
    /// The alert's title.
    public var title: String
    /// The text under the title (nil for none).
    public var message: String?
    /// The button labels, in order (at least one). Esc answers with the last.
    public var buttons: [String]

    /// Creates an alert; without buttons it gets "OK".
    public init(id: String, title: String, message: String? = nil, buttons: [String]) {
        self.id = id
        self.title = title
        self.message = message
        self.buttons = buttons.isEmpty ? ["OK"] : buttons
    }
}
