/// One tab of a `TabContainer`: a name, item overrides, a badge and its own navigation stack.
///
/// The root controller is created lazily, the first time the tab is shown (rule 33): either
/// from a controller given up front, or through the `ControllerFactory` from `module` and `param`.
/// Main-loop only.
public final class Tab {
    /// The unique, stable name (restoration and `addTab` key on it, never the index).
    public let name: String
    /// The module the root is made from (nil when a controller was given directly).
    public internal(set) var module: String? { didSet { itemDidChange() } }
    /// The parameter passed to the root's `start(param:)`.
    public internal(set) var param: String?
    /// A title overriding the root's tab item title; nil uses the root's (rule 32).
    public var title: String? { didSet { itemDidChange() } }
    /// A glyph overriding the root's; nil uses the root's.
    public var glyph: String? { didSet { itemDidChange() } }
    /// An image path overriding the root's; nil uses the root's.
    public var image: String? { didSet { itemDidChange() } }
    /// The tab's badge, shown verbatim; nil falls back to the root's badge (nil hides it).
    public var badge: String? { didSet { itemDidChange() } }
    /// Whether the user may move this tab while customizing (rule 25).
    public var isCustomizable: Bool
    /// The tab's own stack, created when the tab is first shown; nil before that.
    public internal(set) var stack: NavigationController? { didSet { itemDidChange() } }
    /// A root given up front, or made by `addTab`, not yet placed in a stack.
    var pendingRoot: (any Controller)?
    /// The container whose `tabs` hold this tab (its bar and More list show the item).
    weak var container: TabContainer?

    /// A tab whose root is made from `module` through the factory when first shown.
    public init(
        name: String, module: String, param: String? = nil, title: String? = nil, glyph: String? = nil,
        image: String? = nil, isCustomizable: Bool = true
    ) {
        self.name = name
        self.module = module
        self.param = param
        self.title = title
        self.glyph = glyph
        self.image = image
        self.isCustomizable = isCustomizable
    }

    /// A tab with a controller made by the caller (it is loaded, not created, when first shown).
    public init(
        name: String, controller: any Controller, title: String? = nil, glyph: String? = nil,
        image: String? = nil, isCustomizable: Bool = true
    ) {
        self.name = name
        self.module = controller.context.module
        self.param = controller.context.param
        self.pendingRoot = controller
        self.title = title
        self.glyph = glyph
        self.image = image
        self.isCustomizable = isCustomizable
    }

    /// The item shown for this tab changed: the screen showing it is recomputed.
    private func itemDidChange() {
        container?.screenDidChange()
    }

    /// The root controller, if it exists yet.
    public var rootController: (any Controller)? { stack?.root ?? pendingRoot }

    /// The bar item of this tab: overrides, else the root's item, else `fallback` (the factory's
    /// item for a tab not created yet), else the name.
    public func item(isSelected: Bool, fallback: TabItemInfo? = nil) -> TabBarItem {
        let info = rootController?.tabItem ?? fallback
        return TabBarItem(
            title: title ?? info?.title ?? name, glyph: glyph ?? info?.glyph, image: image ?? info?.image,
            badge: badge ?? info?.badge, isSelected: isSelected)
    }
}
