/// A foreground colour from the 256-colour palette (0–7 normal, 8–15 bright).
package struct TerminalColor: Sendable, Hashable {
    /// The palette index.
    public var index: UInt8

    /// Creates a colour from a palette index.
    public init(_ index: UInt8) { self.index = index }

    /// Red (badges).
    public static let red = TerminalColor(1)
    /// Green.
    public static let green = TerminalColor(2)
    /// Yellow (status line).
    public static let yellow = TerminalColor(3)
    /// Blue (section headers).
    public static let blue = TerminalColor(4)
    /// Magenta.
    public static let magenta = TerminalColor(5)
    /// Cyan (the Back label).
    public static let cyan = TerminalColor(6)
}
