/// One row of a `ViewTable`.
public struct ViewTableRow: Sendable, Hashable, Codable {
    /// The cells, one per column (fewer than the columns leaves the rest empty).
    public var cells: [String]
    /// Action id sent when the row is activated; nil makes the row inert.
    public var action: String?
    /// The style `style` gave the row.
    public var style: ViewStyle
    /// Its secondary actions (`row_action`).
    public var rowActions: [ViewRowAction]

    /// Creates a table row.
    public init(cells: [String], action: String? = nil, style: ViewStyle = [], rowActions: [ViewRowAction] = []) {
        self.cells = cells
        self.action = action
        self.style = style
        self.rowActions = rowActions
    }

    /// Leaves out what is empty, so a plain row stays small on the wire and in the browser.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cells, forKey: .cells)
        try c.encodeIfPresent(action, forKey: .action)
        if !style.isEmpty { try c.encode(style, forKey: .style) }
        if !rowActions.isEmpty { try c.encode(rowActions, forKey: .rowActions) }
    }

    /// Reads what `encode(to:)` writes (absent style and actions are empty).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cells = try c.decode([String].self, forKey: .cells)
        action = try c.decodeIfPresent(String.self, forKey: .action)
        style = try c.decodeIfPresent(ViewStyle.self, forKey: .style) ?? []
        rowActions = try c.decodeIfPresent([ViewRowAction].self, forKey: .rowActions) ?? []
    }

    enum CodingKeys: String, CodingKey {
        case cells, action, style, rowActions
    }
}
