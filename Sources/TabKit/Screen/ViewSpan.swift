/// One styled run of a `spans` paragraph (ABI 1.3).
public struct ViewSpan: Sendable, Hashable, Codable {
    /// The run's text.
    public var text: String
    /// How the run is drawn (`tab_style` bits).
    public var style: ViewStyle

    /// Creates a run.
    public init(text: String, style: ViewStyle = []) {
        self.text = text
        self.style = style
    }

    enum CodingKeys: String, CodingKey {
        case text, style
    }

    /// Reads what `encode(to:)` writes (an absent style is plain).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        style = try c.decodeIfPresent(ViewStyle.self, forKey: .style) ?? []
    }

    /// Leaves out a plain style, so most runs stay small in the browser.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        if !style.isEmpty { try c.encode(style, forKey: .style) }
    }
}
