/// How a node is drawn (`tab_style` bits, ABI 1.2): set by `style(view, style)` for the next node.
///
/// Monospace, bold and dim combine; of error, warning and success (a colour, and a word for screen
/// readers) the first one listed wins, as `tone` says.
public struct ViewStyle: OptionSet, Sendable, Hashable, Codable {
    /// The `tab_style` bits.
    public var rawValue: UInt32

    /// A style from its `tab_style` bits (bits the ABI does not define are dropped).
    public init(rawValue: UInt32) { self.rawValue = rawValue & 0x7F }

    /// The bits a module may give `style` (`tab_style`); `disabled` is the host's, from `enabled`.
    public static let moduleBits: UInt32 = 0x3F

    /// `TAB_STYLE_MONOSPACE`: a fixed-width font (the terminal's is always).
    public static let monospace = ViewStyle(rawValue: 1 << 0)
    /// `TAB_STYLE_BOLD`.
    public static let bold = ViewStyle(rawValue: 1 << 1)
    /// `TAB_STYLE_DIM`: secondary text.
    public static let dim = ViewStyle(rawValue: 1 << 2)
    /// `TAB_STYLE_ERROR`.
    public static let error = ViewStyle(rawValue: 1 << 3)
    /// `TAB_STYLE_WARNING`.
    public static let warning = ViewStyle(rawValue: 1 << 4)
    /// `TAB_STYLE_SUCCESS`.
    public static let success = ViewStyle(rawValue: 1 << 5)
    /// Not a `tab_style` bit: `enabled(view, 0)` (ABI 1.3) before the node. Drawn disabled; the
    /// node can be neither focused nor activated.
    public static let disabled = ViewStyle(rawValue: 1 << 6)

    /// The one colour of the style: error before warning before success; nil for none.
    public var tone: ViewStyle? {
        if contains(.error) { return .error }
        if contains(.warning) { return .warning }
        if contains(.success) { return .success }
        return nil
    }

    /// The names of the bits set, in declaration order (`["bold", "error"]`): the JSON form.
    public var names: [String] {
        Self.named.filter { contains($0.style) }.map(\.name)
    }

    /// The style with these names; unknown names are ignored.
    public init(names: [String]) {
        self = ViewStyle(Self.named.filter { names.contains($0.name) }.map(\.style))
    }

    private static let named: [(name: String, style: ViewStyle)] = [
        ("monospace", .monospace), ("bold", .bold), ("dim", .dim), ("error", .error), ("warning", .warning),
        ("success", .success), ("disabled", .disabled),
    ]

    /// Decodes the array of names `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        self.init(names: try [String](from: decoder))
    }

    /// Encodes as an array of names (`["bold","error"]`), stable for browsers and process boundaries.
    public func encode(to encoder: any Encoder) throws {
        try names.encode(to: encoder)
    }
}
