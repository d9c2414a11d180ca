/// What a controller contributes to a tab bar item (a tab may override each field).
public struct TabItemInfo: Sendable, Hashable {
    /// The item's title.
    public var title: String
    /// A short symbol for text front ends; nil for none.
    public var glyph: String?
    /// An absolute image path for graphical front ends; nil for none.
    public var image: String?
    /// The badge, shown verbatim; nil hides it.
    public var badge: String?

    /// Creates tab item info.
    public init(title: String, glyph: String? = nil, image: String? = nil, badge: String? = nil) {
        self.title = title
        self.glyph = glyph
        self.image = image
        self.badge = badge
    }
}
