import TabKit

/// A tab container in a layout (also the shape of a template).
public struct LayoutTabContainer: Sendable, Hashable {
    /// The tabs in order.
    public var tabs: [LayoutTab]
    /// An explicit title (templates get the pushed param instead).
    public var title: String?
    /// Where the bar is drawn.
    public var bar: BarPosition
    /// The capacity (0 = all tabs shown).
    public var capacity: Int
    /// A free-form style name for front ends.
    public var style: String?
    /// A module that draws the bar itself.
    public var tabBarModule: LayoutModule?
    /// Whether modules dropped in at runtime become tabs here.
    public var acceptsNewModules: Bool
    /// Whether re-tapping the selected tab pops to its root.
    public var popsToRootOnReselect: Bool

    /// Creates a tab container definition.
    public init(
        tabs: [LayoutTab], title: String? = nil, bar: BarPosition = .bottom, capacity: Int = 5, style: String? = nil,
        tabBarModule: LayoutModule? = nil, acceptsNewModules: Bool = false, popsToRootOnReselect: Bool = true
    ) {
        self.tabs = tabs
        self.title = title
        self.bar = bar
        self.capacity = capacity
        self.style = style
        self.tabBarModule = tabBarModule
        self.acceptsNewModules = acceptsNewModules
        self.popsToRootOnReselect = popsToRootOnReselect
    }
}
