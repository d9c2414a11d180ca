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
        var bytes: [UInt8] = []
        appendSGRParameters(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `sgrParameters` to `bytes` without building strings: a frame's first style changes are
    /// written on the way to the first frame.
    func appendSGRParameters(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "0"))
        if bold { bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "1")]) }
        if dim { bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2")]) }
        if underline { bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "4")]) }
        if reverse { bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "7")]) }
        guard let color = foreground else { return }
        bytes.append(UInt8(ascii: ";"))
        switch color.index {
        case 0..<8: Self.appendDecimal(30 + Int(color.index), to: &bytes)
        case 8..<16: Self.appendDecimal(90 + Int(color.index) - 8, to: &bytes)
        default:
            bytes.append(contentsOf: [UInt8(ascii: "3"), UInt8(ascii: "8"), UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
            Self.appendDecimal(Int(color.index), to: &bytes)
        }
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(value / 100)) }
        if value >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
