/// A mouse report in the SGR encoding (`ESC [ < b ; x ; y M/m`).
public struct MouseEvent: Sendable, Hashable {
    /// The button code as sent (0 left, 1 middle, 2 right, 64/65 wheel up/down; plus modifier bits).
    public var button: Int
    /// The column (0-based).
    public var column: Int
    /// The row (0-based).
    public var row: Int
    /// True for a press ("M"), false for a release ("m").
    public var isPress: Bool

    /// Creates a mouse event.
    public init(button: Int, column: Int, row: Int, isPress: Bool) {
        self.button = button
        self.column = column
        self.row = row
        self.isPress = isPress
    }

    /// True for a press of the left button: what counts as a click.
    public var isLeftClick: Bool { isPress && button & ~0b1_1100 == 0 }
    /// True for the wheel turned up.
    public var isWheelUp: Bool { button & ~0b1_1100 == 64 }
    /// True for the wheel turned down.
    public var isWheelDown: Bool { button & ~0b1_1100 == 65 }
}
