/// A tab container's saved state: the selection by tab name, the tab order, and the stacks of the
/// tabs that were created (rule 41).
public struct RestorationTabs: Codable, Sendable, Hashable {
    /// The selected tab's name; nil when the More list or nothing was selected.
    public var selected: String?
    /// The selected index, or the tab the More list returns to (the removal rule's fallback, rule 42).
    public var index: Int
    /// True when the More list itself was shown.
    public var moreList: Bool
    /// The tab names in the user's order.
    public var order: [String]
    /// Each created tab's stack, by tab name.
    public var stacks: [String: [RestorationEntry]]

    /// Creates a tab container's state.
    public init(selected: String?, index: Int, moreList: Bool, order: [String], stacks: [String: [RestorationEntry]]) {
        self.selected = selected
        self.index = index
        self.moreList = moreList
        self.order = order
        self.stacks = stacks
    }

    private enum CodingKeys: String, CodingKey {
        case selected, index, moreList, order, stacks
    }

    // `selected` is written as null rather than left out, as readers of older files expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selected, forKey: .selected)
        try container.encode(index, forKey: .index)
        try container.encode(moreList, forKey: .moreList)
        try container.encode(order, forKey: .order)
        try container.encode(stacks, forKey: .stacks)
    }
}
