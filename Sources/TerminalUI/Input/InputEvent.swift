/// One decoded input event.
public enum InputEvent: Sendable, Hashable {
    /// A key.
    case key(Key)
    /// A mouse report.
    case mouse(MouseEvent)
}
