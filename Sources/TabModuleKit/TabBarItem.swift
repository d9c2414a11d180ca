/// One item of the tab container's bar, as a tab-bar module sees it (`tab_bar_item`).
public struct TabBarItem: Sendable, Hashable {
    /// The tab's title.
    public var title: String
    /// The tab's glyph, or nil.
    public var glyph: String?
    /// The badge, shown verbatim, or nil for none.
    public var badge: String?
    /// Whether this is the selected tab.
    public var isSelected: Bool
    /// The tab's image, an absolute path (PNG or SVG), or nil (always nil on a host older than ABI 1.1).
    public var image: String?

    /// Makes an item.
    public init(title: String, glyph: String? = nil, badge: String? = nil, isSelected: Bool = false, image: String? = nil) {
        self.title = title
        self.glyph = glyph
        self.badge = badge
        self.isSelected = isSelected
        self.image = image
    }
}
