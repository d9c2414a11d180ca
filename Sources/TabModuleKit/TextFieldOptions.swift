import CTabModule

/// How a text field behaves (`enum tab_field_flags`), for ``View/textField(id:value:placeholder:options:)``.
public struct TextFieldOptions: OptionSet, Sendable, Hashable {
    /// The C bits.
    public var rawValue: UInt32

    /// Makes options from their C bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shown as bullets (a password); the text never reaches the screen a front end gets.
    public static let secure = TextFieldOptions(rawValue: UInt32(TAB_FIELD_SECURE.rawValue))
    /// Several lines: Enter types a newline and no ``Event/submit(field:value:)`` is sent.
    public static let multiline = TextFieldOptions(rawValue: UInt32(TAB_FIELD_MULTILINE.rawValue))
}
