/// A row of a content view tree.
public struct ViewRow: Sendable, Hashable, Codable {
    /// The main text.
    public var title: String
    /// Secondary text shown after the title (nil for none).
    public var detail: String?
    /// Action id sent when the row is activated; nil makes the row inert.
    public var action: String?
    /// A short symbol drawn before the title (the More list shows tab glyphs here).
    public var glyph: String?
    /// A badge drawn at the end of the row, verbatim (the More list shows tab badges here).
    public var badge: String?

    /// Creates a row.
    public init(title: String, detail: String? = nil, action: String? = nil, glyph: String? = nil, badge: String? = nil) {
        self.title = title
        self.detail = detail
        self.action = action
        self.glyph = glyph
        self.badge = badge
    }
}
