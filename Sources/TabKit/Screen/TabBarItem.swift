/// One slot of a tab bar.
public struct TabBarItem: Sendable, Hashable, Codable {
    /// The item's title.
    public var title: String
    /// A short symbol for text front ends; nil for none.
    public var glyph: String?
    /// An image path (absolute) for graphical front ends; nil for none.
    public var image: String?
    /// The badge, shown verbatim; nil hides it.
    public var badge: String?
    /// True for the selected slot (More stays selected while an overflow tab is shown).
    public var isSelected: Bool
    /// True for the More slot.
    public var isMore: Bool

    /// Creates an item.
    public init(
        title: String, glyph: String? = nil, image: String? = nil, badge: String? = nil, isSelected: Bool = false,
        isMore: Bool = false
    ) {
        self.title = title
        self.glyph = glyph
        self.image = image
        self.badge = badge
        self.isSelected = isSelected
        self.isMore = isMore
    }
}
