/// A tab container: tabs with their own stacks, selection, a delegate, More overflow, customizing,
/// a bar at the top or bottom, optionally drawn by a tab-bar controller.
///
/// The visible chain is: container → selected tab's stack → its top (or the More list), plus the
/// bar controller when there is one. Lifecycle calls only reach that chain (rule 6). `open` so that
/// tests and hosts can observe its own lifecycle. Main-loop only. Rule numbers: docs/container-rules.md.
open class TabContainer: Controller, ContainerNode, ChildRemoving, TabItemSource {
    /// What the container shows as content.
    enum Content: Equatable {
        case tab(Int)
        case moreList
    }

    /// How a change of the shown content orders its appearance calls.
    enum TransitionStyle {
        /// Rule 7: the new content's willAppear comes before the old one's willDisappear.
        case tabSwitch
        /// Push/pop order: old willDisappear, new willAppear, old didDisappear, new didAppear.
        case replace
    }

    /// The container bookkeeping.
    public let context = ControllerContext()
    /// Tabs a bar may hold when `addTab` adds one: a module adding tabs in a loop meets a refusal, not a
    /// bar whose every tab the host keeps and tears down at quit (a layout's own tabs are not counted out).
    public static let maximumAddedTabs = 64
    /// A title set by the owner (e.g. a template's parameter: "Jack"); nil uses the selected tab's title.
    public var explicitTitle: String? { didSet { screenDidChange() } }
    /// The tabs in order (the user's order after customizing).
    public internal(set) var tabs: [Tab] = [] {
        didSet {
            for tab in tabs { tab.container = self }
            screenDidChange()
        }
    }
    /// The selected tab's index; nil when there are no tabs or the More list itself is shown (rule 14).
    public internal(set) var selectedIndex: Int? { didSet { screenDidChange() } }
    /// True while the More list itself is shown.
    public internal(set) var isShowingMoreList = false { didSet { screenDidChange() } }
    /// The bar's capacity N: with more than N tabs the bar shows N−1 tabs and More; 0 shows every tab.
    public var capacity: Int {
        didSet {
            normalizeMore()
            screenDidChange()
        }
    }
    /// Where the bar is drawn.
    public var barPosition: BarPosition { didSet { screenDidChange() } }
    /// A free-form style name from the layout file, for front ends.
    public var style: String?
    /// Whether re-tapping the selected tab pops its stack to the root (rule 19; configurable).
    public var popsToRootOnReselect = true
    /// Whether modules dropped in at runtime are added here as new tabs.
    public var acceptsNewModules = false
    /// Sees and vetoes user selection and customizing.
    public weak var delegate: (any TabContainerDelegate)?
    /// Makes tab roots by module name; nil uses the host's.
    public var factory: (any ControllerFactory)? {
        // Tabs not created yet show the factory's items.
        didSet { screenDidChange() }
    }
    /// The controller that draws the bar itself (its render becomes `TabBar.custom`); nil for the default bar.
    public internal(set) var barController: (any Controller)? { didSet { screenDidChange() } }
    /// True between `beginCustomizing()` and `endCustomizing()`.
    public internal(set) var isCustomizing = false

    var customizingStartOrder: [String] = []
    var previousIndex: Int?
    var lastMoreIndex: Int?
    lazy var moreList = MoreListController(container: self)

    /// Creates a container; the first tab is selected (rule 13).
    public init(
        tabs: [Tab] = [], title: String? = nil, capacity: Int = 5, barPosition: BarPosition = .bottom
    ) {
        self.explicitTitle = title
        self.capacity = max(0, capacity)
        self.barPosition = barPosition
        self.tabs = tabs
        self.selectedIndex = tabs.isEmpty ? nil : 0
        for tab in tabs { tab.container = self }
    }

    // MARK: Controller

    /// The explicit title, else the shown tab's item title (or "More").
    open var title: String {
        if let explicitTitle { return explicitTitle }
        if isShowingMoreList { return moreList.title }
        return selectedIndex.map { item(of: tabs[$0], isSelected: true).title } ?? ""
    }

    /// Receives lifecycle calls (no-op; override to observe).
    open func lifecycle(_ event: LifecycleEvent) {}
    /// Renders the shown content.
    open func render() -> ViewTree { visibleContent?.render() ?? ViewTree() }
    /// Forwards to the shown content.
    open func handle(_ event: ControllerEvent) { visibleContent?.handle(event) }

    // MARK: Slots and items

    /// True when tabs overflow into More.
    public var hasMore: Bool { capacity > 0 && tabs.count > capacity }
    /// The bar's slots in order.
    public var slots: [TabSlot] {
        hasMore ? (0..<(capacity - 1)).map { TabSlot.tab($0) } + [.more] : tabs.indices.map { TabSlot.tab($0) }
    }
    /// The indexes of the tabs listed in More.
    public var overflowIndices: Range<Int> { hasMore ? (capacity - 1)..<tabs.count : 0..<0 }
    /// True when the More slot is highlighted: the list is shown, or an overflow tab (rule 24).
    public var isMoreSelected: Bool {
        isShowingMoreList || (selectedIndex.map { overflowIndices.contains($0) } ?? false)
    }
    /// The selected tab, if any.
    public var selectedTab: Tab? { selectedIndex.map { tabs[$0] } }
    /// The bar's items, one per slot.
    public var barItems: [TabBarItem] {
        slots.map { slot in
            switch slot {
            case .tab(let i): item(of: tabs[i], isSelected: selectedIndex == i)
            case .more: TabBarItem(title: "More", glyph: "…", isSelected: isMoreSelected, isMore: true)
            }
        }
    }
    /// The item of `tab`, with the factory's item for a tab whose controller does not exist yet.
    public func item(of tab: Tab, isSelected: Bool) -> TabBarItem {
        let fallback =
            tab.rootController == nil ? tab.module.flatMap { (factory ?? hostForLookup?.factory)?.tabItem(module: $0) } : nil
        return tab.item(isSelected: isSelected, fallback: fallback)
    }

    /// The bar as a front end draws it (with the bar controller's rendering, if any: the host's kept
    /// one while the items it drew are unchanged and it was not invalidated).
    public var tabBar: TabBar {
        let items = barItems
        let custom = barController.map { bar in hostForLookup?.rendering(of: bar, items: items) ?? bar.render() }
        return TabBar(position: barPosition, items: items, custom: custom)
    }
    /// The index of the tab named `name`.
    public func index(ofTab name: String) -> Int? { tabs.firstIndex { $0.name == name } }
    /// The tab named `name`.
    public func tab(named name: String) -> Tab? { index(ofTab: name).map { tabs[$0] } }

    // MARK: Visible chain

    /// The controller shown as content: the selected tab's stack or the More list.
    var visibleContent: (any Controller)? {
        if isShowingMoreList { return moreList }
        return selectedIndex.flatMap { tabs[$0].stack }
    }

    func prepareForAppearance() {
        if !isShowingMoreList, let i = selectedIndex { materialize(tabs[i]) }
    }

    var visibleChildren: [any Controller] {
        [visibleContent, barController].compactMap { $0 }
    }

    var children: [any Controller] {
        tabs.compactMap { $0.stack as (any Controller)? } + (barController.map { [$0] } ?? [])
    }

    /// Creates the tab's stack and root the first time it is shown (rule 33): make → move into
    /// the stack → start(param); `loaded` follows with the first appearance.
    @discardableResult
    func materialize(_ tab: Tab) -> NavigationController {
        if let stack = tab.stack { return stack }
        let root: any Controller
        // A root given up front is its maker's to start (addTab does); one made here is started below.
        var needsStart = false
        if let pending = tab.pendingRoot {
            root = pending
            tab.pendingRoot = nil
        } else {
            do {
                root = try makeController(module: tab.module ?? "", param: tab.param)
            } catch {
                root = PlaceholderController(title: tab.title ?? tab.name, message: "\(error)")
            }
            needsStart = true
        }
        let stack = NavigationController(root: root)
        tab.stack = stack
        Containment.add(stack, to: self)
        if needsStart { root.start(param: tab.param) }
        return stack
    }

    /// Makes a controller through this container's factory or the host's (templates included).
    func makeController(module: String, param: String?) throws -> any Controller {
        if let factory {
            let c = try factory.make(module: module, param: param)
            c.context.module = module
            c.context.param = param
            return c
        }
        if let host = hostForLookup { return try host.makeController(module: module, param: param) }
        throw TabKitError(.unknownModule, "cannot make module \"\(module)\": no controller factory is installed")
    }

    /// Shows `target`, sending appearance calls only if the container is visible (otherwise lazy).
    func show(_ target: Content, style: TransitionStyle) {
        let old = visibleContent
        switch target {
        case .tab(let i):
            selectedIndex = i
            isShowingMoreList = false
            if overflowIndices.contains(i) { lastMoreIndex = i }
        case .moreList:
            if let i = selectedIndex { previousIndex = i }
            selectedIndex = nil
            isShowingMoreList = true
        }
        guard Appearance.isVisible(self) else { return }
        prepareForAppearance()
        let new = visibleContent
        guard old !== new else { return }
        switch style {
        case .tabSwitch: Appearance.switchTab(from: old, to: new)
        case .replace: Appearance.replace(old, with: new)
        }
    }

    /// Leaves the More list if More no longer exists (rule 27): the previous real tab is selected.
    func normalizeMore() {
        if !hasMore { lastMoreIndex = nil }
        guard isShowingMoreList, !hasMore else { return }
        let fallback = tabs.isEmpty ? nil : min(previousIndex ?? 0, tabs.count - 1)
        if let fallback {
            show(.tab(fallback), style: .tabSwitch)
        } else {
            isShowingMoreList = false
            if Appearance.isVisible(self) { Appearance.replace(moreList, with: nil) }
        }
    }

    func removeChild(_ child: any Controller) {
        if child === barController {
            setBarController(nil)
        } else if let tab = tabs.first(where: { $0.stack === child }) {
            removeTab(named: tab.name)
        }
    }

    /// The host, found through the parent chain.
    var hostForLookup: ContainerHost? { (self as any Controller).host }
}
