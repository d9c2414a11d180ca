/// A text field of a content view (`text_field`, ABI 1.2). The host owns the editing; the module
/// gets each edit as an event and shows its own copy of the text in `value`.
public struct ViewTextField: Sendable, Hashable, Codable {
    /// The field's id: `TAB_EVENT_TEXT` and `TAB_EVENT_SUBMIT` carry it, and focus names it.
    public var id: String
    /// The text the module gave. Empty for a secure field in a `Screen` (its text never leaves the host).
    public var value: String
    /// Shown while the field is empty (nil for none).
    public var placeholder: String?
    /// `TAB_FIELD_SECURE`: drawn as bullets.
    public var isSecure: Bool
    /// `TAB_FIELD_MULTILINE`: Enter types a newline and there is no submit.
    public var isMultiline: Bool

    /// Creates a field.
    public init(id: String, value: String = "", placeholder: String? = nil, isSecure: Bool = false, isMultiline: Bool = false) {
        self.id = id
        self.value = value
        self.placeholder = placeholder
        self.isSecure = isSecure
        self.isMultiline = isMultiline
    }
}
