/// One decoded input event.
public enum InputEvent: Sendable, Hashable {
    /// A key.
    case key(Key)
    /// A mouse report.
    case mouse(MouseEvent)
    /// Text pasted while bracketed paste is on (`ESC[200~` … `ESC[201~`), as one event.
    case paste(String)
}
