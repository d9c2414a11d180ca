/// How a cell is drawn: attributes and an optional foreground colour.
package struct CellStyle: Sendable, Hashable {
    /// Bold (SGR 1).
    public var bold: Bool
    /// Dim (SGR 2).
    public var dim: Bool
    /// Underline (SGR 4).
    public var underline: Bool
    /// Reverse video (SGR 7): the focus highlight and the selected tab.
    public var reverse: Bool
    /// The foreground colour; nil for the terminal default.
    public var foreground: TerminalColor?

    /// Creates a style; all attributes default to off.
    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
        foreground: TerminalColor? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
    }

    /// No attributes, default colour.
    public static let plain = CellStyle()

    /// The SGR parameters that select this style from a reset state, e.g. "0;1;7".
    var sgrParameters: String {
        var parts = ["0"]
        if bold { parts.append("1") }
        if dim { parts.append("2") }
        if underline { parts.append("4") }
        if reverse { parts.append("7") }
        if let color = foreground {
            switch color.index {
            case 0..<8: parts.append(String(30 + Int(color.index)))
            case 8..<16: parts.append(String(90 + Int(color.index) - 8))
            default: parts.append("38;5;\(color.index)")
            }
        }
        return parts.joined(separator: ";")
    }
}
