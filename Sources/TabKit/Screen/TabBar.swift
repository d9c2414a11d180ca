/// The tab bar of the visible tab container.
public struct TabBar: Sendable, Hashable, Codable {
    /// Where it is drawn.
    public var position: BarPosition
    /// The slots shown, in order; when tabs overflow, the last is the More item.
    public var items: [TabBarItem]
    /// When a tab-bar module draws the bar, its rendering (buttons whose action ids name slots by
    /// `slot(forAction:)` select them); nil for the default bar.
    public var custom: ViewTree?

    /// Creates a tab bar.
    public init(position: BarPosition = .bottom, items: [TabBarItem], custom: ViewTree? = nil) {
        self.position = position
        self.items = items
        self.custom = custom
    }
}
