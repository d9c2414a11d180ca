/// Everything a front end draws for one frame, computed from the container tree.
///
/// A front end only draws this and sends `ScreenAction`s back; it never sees
/// controllers or modules.
public struct Screen: Sendable, Hashable {
    /// The title bar's title (the visible top controller's title).
    public var title: String
    /// The Back button's label; nil when there is nothing to go back to.
    public var backLabel: String?
    /// The content of the visible controller (or the More list).
    public var content: ViewTree
    /// The tab bar of the visible tab container; nil when none is visible (e.g. covered by a pushed screen).
    public var tabBar: TabBar?
    /// True when the content is a modal presentation (front ends may frame it and offer Dismiss).
    public var isModal: Bool
    /// A one-line status message (e.g. "reloaded clock v2"); nil for none.
    public var status: String?

    /// Creates a screen.
    public init(
        title: String, backLabel: String? = nil, content: ViewTree = ViewTree(), tabBar: TabBar? = nil,
        isModal: Bool = false, status: String? = nil
    ) {
        self.title = title
        self.backLabel = backLabel
        self.content = content
        self.tabBar = tabBar
        self.isModal = isModal
        self.status = status
    }
}

/// Where a tab container draws its bar.
public enum BarPosition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Above the content, under the title bar.
    case top
    /// Below the content (the UIKit default).
    case bottom
}

/// The tab bar of the visible tab container.
public struct TabBar: Sendable, Hashable {
    /// Where it is drawn.
    public var position: BarPosition
    /// The slots shown, in order; when tabs overflow, the last is the More item.
    public var items: [TabBarItem]
    /// When a tab-bar module draws the bar, its rendering (buttons whose action ids are slot indexes
    /// as decimal strings); nil for the default bar.
    public var custom: ViewTree?

    /// Creates a tab bar.
    public init(position: BarPosition = .bottom, items: [TabBarItem], custom: ViewTree? = nil) {
        self.position = position
        self.items = items
        self.custom = custom
    }
}

/// One slot of a tab bar.
public struct TabBarItem: Sendable, Hashable {
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

/// What a front end may ask of the model, in response to user input.
public enum ScreenAction: Sendable, Hashable {
    /// The user tapped bar slot `index` (0-based, as in `TabBar.items`; the More slot included).
    case selectTab(Int)
    /// The user activated a row or button with this action id.
    case activate(String)
    /// Back: dismiss a modal, else pop the selected stack, else pop the outer stack.
    case back
    /// Dismiss the top modal.
    case dismiss
    /// A key the front end did not consume, forwarded to the visible controller (see `tab_key`).
    case key(UInt32)
    /// The user moved the tab in bar slot `from` to slot `to` (customizing; rules 25–26). Only
    /// customizable tabs move; the More slot never does.
    case moveTab(from: Int, to: Int)
}
