/// The application: owns the root container and the modal stack, computes the `Screen` and applies
/// `ScreenAction`s.
///
/// Main-loop only: the host's one thread calls everything here, and controllers call back into it
/// only from inside those calls (as the module ABI requires). `confinement`, once bound to that
/// thread, checks it in debug builds.
///
/// Renders only when needed: a controller's rendering is kept until it is invalidated (see
/// `invalidate(_:)`), and `screen` is kept until something it shows changes.
public final class ContainerHost {
    /// The thread every mutation and `screen` belongs to, checked at each public entry point in
    /// debug builds once bound (the session binds it on its loop thread; unbound checks nothing).
    public let confinement = ThreadConfinement()
    /// The root: usually a navigation stack (the application's stack) or a tab container.
    public let root: any Controller
    /// Modal presentations, bottom first; the last covers everything (rule 12).
    public internal(set) var modals: [any Controller] = [] {
        didSet { invalidateScreen() }
    }
    /// Makes controllers by module name (the loader's factory).
    public var factory: (any ControllerFactory)? {
        // Tabs not created yet show the factory's items.
        didSet { invalidateScreen() }
    }
    /// Named tab-container templates (e.g. "@account"), made by `makeController`.
    public var templates: (any TabContainerTemplates)?
    /// The tab container that takes modules dropped in at runtime (`acceptsNewModules`), if any.
    public weak var newModulesContainer: TabContainer?
    /// Modules offered to the container with `acceptsNewModules` (see `offerNewModules`), in order.
    public internal(set) var newModules: [String] = []
    /// A status line for the next screens (e.g. "reloaded clock v2"); nil for none.
    public var status: String? {
        didSet { if status != oldValue { invalidateScreen() } }
    }
    /// Called when a controller asks for its state to be saved soon (a module's `save_soon`): the
    /// session coalesces such requests into one write of the state file; nil ignores them.
    public var saveSoonHandler: ((any Controller) -> Void)?
    /// Keeps a saved state a controller refused while being restored (module name, the bytes) and
    /// returns where, so that starting it fresh loses nothing; nil drops such states.
    public var refusedStateHandler: ((String, [UInt8]) -> String?)?
    /// True when something changed since the front end last drew; the main loop clears it after drawing.
    public var needsRender = true
    /// True once `start()` showed the root.
    public private(set) var isStarted = false
    /// Moves on with `invalidate()`: renderings made under an older generation are stale.
    var renderGeneration = 0
    /// The last `screen`, until something it shows changes.
    var cachedScreen: Screen?
    /// How often the screen was invalidated (`invalidateScreen`): a screen computed across one is not kept.
    var screenChanges = 0
    /// Alerts raised and not answered yet, in the order they were raised: the first one shows.
    var alerts: [PendingAlert] = []
    /// Results of screens that went, in order, until `deliverPendingResults()` hands them over.
    var pendingResults: [PendingResult] = []
    /// The last toast, copy and focus request modules made (ABI 1.3; `Screen`).
    var toast: ScreenNote?
    var clipboard: ScreenNote?
    var focusRequest: (note: ScreenNote, content: UInt64)?
    /// Numbers the notes: a front end acts on each serial once.
    var noteSerial: UInt64 = 0
    /// The clock a guarded modal's second to answer is measured by (`tabhost test` gives it its test
    /// clock, so a script decides when that second is over).
    public var clock: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// True while `deliverPendingResults()` runs: a change a result causes queues behind it.
    var isDeliveringResults = false
    /// Runs its closure on a later turn of the host's loop, after input already waiting (the session's
    /// loop): results past `maximumResultsAtOnce` wait for it. A module answering each result with a new
    /// screen that finishes at once never returns from one delivery, and held the loop (and `q`) for ever;
    /// nil delivers every result at once.
    public var laterHandler: ((@escaping () -> Void) -> Void)?
    /// Results handed over in one go at most, when `laterHandler` is set.
    public static let maximumResultsAtOnce = 64

    /// Creates a host for `root`.
    public init(root: any Controller, factory: (any ControllerFactory)? = nil) {
        self.root = root
        self.factory = factory
        root.context.host = self
    }

    /// Shows the root: it (and its visible chain) loads and appears. Idempotent.
    public func start() {
        confinement.assertConfined("ContainerHost.start")
        guard !isStarted else { return }
        isStarted = true
        Appearance.willAppear(root)
        Appearance.didAppear(root)
    }

    /// The application's outer stack (the root, when it is a navigation stack): pushing here covers
    /// any tab bar below (rule 37; the model's answer to rule 40).
    public var applicationStack: NavigationController? { root as? NavigationController }

    /// Makes a controller for `module` ("@name" makes a template's tab container titled `param`).
    /// The result is not started; callers start it (push helpers below do).
    public func makeController(module: String, param: String?) throws -> any Controller {
        confinement.assertConfined("ContainerHost.makeController")
        if module.hasPrefix("@") {
            guard let container = try templates?.makeTabContainer(named: module, param: param, in: self) else {
                throw TabKitError(.unknownModule, "no template named \"\(module)\"; declare it under \"templates\" in the layout file")
            }
            container.context.module = module
            container.context.param = param
            container.context.host = self
            return container
        }
        guard let factory else {
            throw TabKitError(.unknownModule, "cannot make module \"\(module)\": no controller factory is installed")
        }
        let controller = try factory.make(module: module, param: param)
        controller.context.module = module
        controller.context.param = param
        controller.context.host = self
        return controller
    }

    /// Screens one navigation stack may hold when `push(module:…)` adds one: a module pushing in a loop
    /// meets a refusal, not a stack whose every screen the host keeps, draws around and tears down at quit.
    public static let maximumStackScreens = 64

    /// Screens presented at once when `present(module:…)` adds one (the same reason).
    public static let maximumModals = 16

    /// Makes `module`, starts it, and pushes it onto `stack` (default: the application's stack):
    /// a module knows its param before its first appearance call, as in a tab. `presenter` (the
    /// controller whose module asked) gets `ControllerEvent.result` once when the new screen goes (rule 44).
    @discardableResult
    public func push(
        module: String, param: String?, onto stack: NavigationController? = nil, presenter: (any Controller)? = nil
    ) throws -> any Controller {
        confinement.assertConfined("ContainerHost.push")
        guard let target = stack ?? applicationStack else {
            throw TabKitError(.noContainer, "cannot push \"\(module)\": the layout's root is not a navigation stack")
        }
        guard target.stack.count < Self.maximumStackScreens else {
            throw TabKitError(
                .tooLarge, "cannot push \"\(module)\": its stack holds \(Self.maximumStackScreens) screens already (pop some first)")
        }
        let controller = try makeController(module: module, param: param)
        controller.context.presenter = presenter
        controller.start(param: param)
        target.push(controller)
        return controller
    }

    /// Makes `module`, starts it and presents it full screen. `presenter` (the controller whose
    /// module asked) gets `ControllerEvent.result` once when it is dismissed (rule 44).
    @discardableResult
    public func present(module: String, param: String?, presenter: (any Controller)? = nil) throws -> any Controller {
        confinement.assertConfined("ContainerHost.present")
        guard modals.count < Self.maximumModals else {
            throw TabKitError(
                .tooLarge, "cannot present \"\(module)\": \(Self.maximumModals) screens are presented already (dismiss some first)")
        }
        let controller = try makeController(module: module, param: param)
        controller.context.presenter = presenter
        controller.start(param: param)
        present(controller)
        return controller
    }

    /// Presents `controller` full screen over everything: the visible chain gets disappear calls (rule 12).
    public func present(_ controller: any Controller) {
        confinement.assertConfined("ContainerHost.present")
        let below = modals.last ?? root
        controller.context.host = self
        modals.append(controller)
        if isStarted { Appearance.replace(below, with: controller) }
    }

    /// Dismisses the top modal; what it covered appears again (tab bar included), then its presenter
    /// gets its result (rule 44). False if none.
    @discardableResult
    public func dismiss() -> Bool {
        confinement.assertConfined("ContainerHost.dismiss")
        guard let top = modals.popLast() else { return false }
        let below = modals.last ?? root
        if isStarted { Appearance.replace(top, with: below) }
        controllersLeft([top])
        return true
    }

    /// Dismisses the modal `controller` is part of (the presented controller itself or anything inside
    /// it) together with every modal presented above it, as UIKit's `dismiss` on a presented view
    /// controller does; what it covered appears again. Only the top modal was visible, so only it
    /// gets disappear calls. Then the presenters of the dismissed modals get their results, top
    /// first (rule 44). False, changing nothing, when `controller` is not inside a modal.
    @discardableResult
    public func dismiss(containing controller: any Controller) -> Bool {
        var node = controller
        while let parent = node.context.parent { node = parent }
        guard let index = modals.firstIndex(where: { $0 === node }), let top = modals.last else { return false }
        let dismissed = modals[index...].reversed() as [any Controller]
        modals.removeSubrange(index...)
        let below = modals.last ?? root
        if isStarted { Appearance.replace(top, with: below) }
        controllersLeft(dismissed)
        return true
    }

    /// The dynamic-tab call: into the container accepting new modules, else the innermost visible one
    /// (`selecting`: as `TabContainer.addTab(name:module:image:param:selecting:)`).
    @discardableResult
    public func addTab(
        name: String, module: String, image: String? = nil, param: String? = nil, selecting: Bool = true
    ) throws -> Tab {
        confinement.assertConfined("ContainerHost.addTab")
        guard let container = newModulesContainer ?? visibleTabContainer ?? (root as? TabContainer) else {
            throw TabKitError(.noContainer, "cannot add tab \"\(name)\": no tab container is visible or accepts new modules")
        }
        return try container.addTab(name: name, module: module, image: image, param: param, selecting: selecting)
    }

    /// The visible chain from the top presentation down to the leaf (containers' content, not bars).
    public var visibleChain: [any Controller] {
        var chain: [any Controller] = []
        var node: (any Controller)? = modals.last ?? root
        while let current = node {
            chain.append(current)
            if let nav = current as? NavigationController {
                node = nav.top
            } else if let tabs = current as? TabContainer {
                node = tabs.visibleContent
            } else {
                node = nil
            }
        }
        return chain
    }

    /// Whether `controller` is shown now: in the visible chain, or drawing the bar of a tab container in it.
    /// What a module may do to the whole screen (present, alert, toast, select a tab) depends on it.
    public func isShown(_ controller: any Controller) -> Bool {
        visibleChain.contains { $0 === controller || ($0 as? TabContainer)?.barController === controller }
    }

    /// The innermost tab container in the visible chain (whose bar is shown).
    public var visibleTabContainer: TabContainer? {
        visibleChain.last { $0 is TabContainer } as? TabContainer
    }

    /// The leaf of the visible chain: the controller whose content is shown.
    public var visibleController: any Controller { visibleChain.last ?? root }
}
