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
    /// Its secondary actions (`row_action`, ABI 1.2).
    public var rowActions: [ViewRowAction]

    /// Creates a row.
    public init(
        title: String, detail: String? = nil, action: String? = nil, glyph: String? = nil, badge: String? = nil,
        rowActions: [ViewRowAction] = []
    ) {
        self.title = title
        self.detail = detail
        self.action = action
        self.glyph = glyph
        self.badge = badge
        self.rowActions = rowActions
    }

    enum CodingKeys: String, CodingKey {
        case title, detail, action, glyph, badge, rowActions
    }

    /// Reads the fields `encode(to:)` writes (absent optionals are nil, absent row actions none).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        action = try c.decodeIfPresent(String.self, forKey: .action)
        glyph = try c.decodeIfPresent(String.self, forKey: .glyph)
        badge = try c.decodeIfPresent(String.self, forKey: .badge)
        rowActions = try c.decodeIfPresent([ViewRowAction].self, forKey: .rowActions) ?? []
    }

    /// Writes the title and whatever else is set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(detail, forKey: .detail)
        try c.encodeIfPresent(action, forKey: .action)
        try c.encodeIfPresent(glyph, forKey: .glyph)
        try c.encodeIfPresent(badge, forKey: .badge)
        if !rowActions.isEmpty { try c.encode(rowActions, forKey: .rowActions) }
    }
}
