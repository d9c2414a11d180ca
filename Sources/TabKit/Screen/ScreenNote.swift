/// Something a module asked the front ends to do once (ABI 1.3): show a toast, copy a text, move
/// the focus. A front end acts on each `serial` once; the model keeps the last note of each kind.
public struct ScreenNote: Sendable, Hashable, Codable {
    /// The toast's or the copy's text, or the id to focus or scroll to.
    public var text: String
    /// A toast's style (`tab_style` bits).
    public var style: ViewStyle
    /// `scroll_to`'s row of a lazy list; nil for `focus` and the other notes.
    public var index: Int?
    /// Unique per note of this host: a new number is a new note.
    public var serial: UInt64

    /// Creates a note.
    public init(text: String, style: ViewStyle = [], index: Int? = nil, serial: UInt64) {
        self.text = text
        self.style = style
        self.index = index
        self.serial = serial
    }
}
