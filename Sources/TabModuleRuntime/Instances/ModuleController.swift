import TabKit
import TabModuleLoading

/// A controller backed by one instance of a module: the adapter between a module and the
/// container model, and the implementation of the host API calls.
///
/// It knows the module only through its `ModuleInfo` and the `ModuleInstance` interface, however
/// the instance runs. Main-loop only. Hot reload swaps `instance` in place, so the controller's
/// position in the tree (tab, stack depth, selection) never changes.
public final class ModuleController: Controller {
    /// TabKit's bookkeeping for this controller.
    public let context: ControllerContext
    /// What the current instance's module version declares (name, title, glyph, image, functions).
    public private(set) var info: ModuleInfo
    /// The live instance.
    public private(set) var instance: any ModuleInstance
    /// Why the last reload of this module was refused (the old version keeps running); nil when fine.
    public private(set) var reloadFailure: String?
    private weak var runtime: ModuleRuntime?
    private var titleOverride: String?
    private var badge: String?
    /// The tab's badge from before a refused reload put "!" there, restored when the mark goes.
    private var badgeBeforeFailure: String?
    /// The busy mark is on the tab (`ModuleInstance.isBusy`), and the badge it covers.
    private var showsBusyMark = false
    private var badgeBeforeBusy: String?

    /// The tab bar's badge while the tab's module is busy (the same in every front end).
    public static let busyMark = "…"
    /// The rows of each lazy list (by id) the front ends asked to see (ABI 1.3).
    public internal(set) var listWindows: [String: Range<Int>] = [:]
    /// The id of the last `focus` or `scroll_to` (and which), checked against the next render.
    var pendingFocusCheck: (id: String, call: String)?
    /// The directories this module may read itself, for the images it shows (nil: not asked yet, or
    /// its version changed); and the image paths already refused in the log.
    var readableDirectories: [String]?
    var refusedImages: Set<String> = []

    init(module: LoadedModule, param: String?, runtime: ModuleRuntime) throws(ModuleError) {
        info = module.info
        self.runtime = runtime
        context = ControllerContext(module: module.name, param: param)
        // `self` cannot receive calls yet: what `create` logs goes through, its title and badge are kept.
        let staging = ModuleInstanceStaging(runtime: runtime, moduleName: module.name)
        instance = try runtime.makeInstance(of: module, delegate: staging)
        instance.delegate = self
        titleOverride = staging.title
        if let staged = staging.badge { badge = staged }
    }

    /// The runtime that made it (nil once the runtime is gone).
    var moduleRuntime: ModuleRuntime? { runtime }

    /// The title the module set, else its descriptor's title.
    public var title: String { titleOverride ?? info.title }

    /// The descriptor's item, with the badge the module set (or "!" after a refused reload).
    public var tabItem: TabItemInfo {
        // As UIKit's `title` does, set_title renames the tab item too (rule 32); a tab's own title wins.
        TabItemInfo(
            title: titleOverride ?? info.title, glyph: info.glyph, image: info.imagePath.flatMap(confinedImage),
            badge: reloadFailure != nil ? "!" : badge)
    }

    /// Forwards appearance calls to the module's `appearance`.
    public func lifecycle(_ event: LifecycleEvent) {
        switch event {
        case .willAppear: instance.appearance(.willAppear)
        case .didAppear: instance.appearance(.didAppear)
        case .willDisappear: instance.appearance(.willDisappear)
        case .didDisappear: instance.appearance(.didDisappear)
        case .loaded, .willMove, .didMove: break
        }
    }

    /// Calls the module's `start(param)` and remembers the param (restoration, reload without state).
    public func start(param: String?) {
        context.param = param
        instance.start(param: param)
    }

    /// The module's rendering, with the rows of its lazy lists the front ends asked for.
    public func render() -> ViewTree {
        let tree = confineImages(instance.render(listWindows: listWindows))
        checkFocusRequest(in: tree)
        return tree
    }

    /// True for a module built before ABI 1.2: it is rendered again after every event it gets. A 1.2
    /// module is rendered after `invalidate`, when it appears and when a front end needs a frame.
    public var rendersAfterEveryEvent: Bool { info.abiMinor < 2 }

    /// Delivers `event` to the module, with the focus the front end reported. A module built
    /// before ABI 1.2 gets only the events it knows, and keys as it knew them.
    public func handle(_ event: ControllerEvent) {
        let modern = info.abiMinor >= 2
        let moduleEvent: ModuleEvent
        switch event {
        case .action(let action): moduleEvent = .action(action)
        case .key(let key):
            guard let known = key.forModule(minor: info.abiMinor) else { return }
            moduleEvent = .key(known.rawValue)
        case .tick: moduleEvent = .tick
        case .text(let field, let value): moduleEvent = .text(field: field, value: value)
        case .submit(let field, let value): moduleEvent = .submit(field: field, value: value)
        case .toggle(let id, let isOn): moduleEvent = .toggle(id: id, isOn: isOn)
        case .result(let module, let value): moduleEvent = .result(module: module, value: value)
        case .alert(let id, let button): moduleEvent = .alert(id: id, button: button)
        case .timer(let id): moduleEvent = .timer(id)
        case .dismiss: moduleEvent = .dismiss
        }
        switch moduleEvent {
        case .action, .key, .tick: break
        default: guard modern else { return }
        }
        deliverTracingUserInput(moduleEvent, focus: modern ? context.focus : nil)
    }

    /// The module's `save_state`.
    public func saveState() -> [UInt8]? { instance.saveState() }

    /// What the module answered or saved last, without asking it (see `ModuleInstance.stateWithoutWaiting()`).
    public func stateWithoutWaiting() -> [UInt8]? { instance.stateWithoutWaiting() }

    /// The module's `save_state` asked without waiting; `done` runs once it answered (see
    /// `ModuleInstance.refreshSavedState(then:)`).
    public func refreshSavedState(then done: @escaping () -> Void) { instance.refreshSavedState(then: done) }

    /// The module's `restore_state`.
    public func restoreState(_ state: [UInt8]) -> Bool { instance.restoreState(state) }

    /// Swaps in an instance of a new version, with the appearance calls a visible
    /// controller gets when it is replaced, and destroys the old instance (after its state
    /// was restored into `new`). The title and badge `new` set while staged take effect now;
    /// otherwise the badge the old version set stays and the title falls back to the descriptor's.
    func replaceInstance(with new: any ModuleInstance, info newInfo: ModuleInfo, staged: ModuleInstanceStaging?) {
        let old = instance
        let visible = context.appearance == .appeared
        // The new instance talks to this controller from its first appearance call on.
        new.delegate = self
        if visible {
            old.appearance(.willDisappear)
            new.appearance(.willAppear)
            old.appearance(.didDisappear)
        }
        instance = new
        info = newInfo
        readableDirectories = nil
        if visible { new.appearance(.didAppear) }
        old.destroy()
        titleOverride = staged?.title
        markReloadFailure(nil)
        if let staged, let badge = staged.badge { moduleDidSetBadge(badge) }
        moduleBusyChanged()
    }

    /// Marks (or clears) a refused reload: a "!" badge on the tab and the reason kept for the UI.
    func markReloadFailure(_ reason: String?) {
        let wasMarked = reloadFailure != nil
        reloadFailure = reason
        if reason != nil && !wasMarked {
            badgeBeforeFailure = owningTab?.tab.badge
            setTabBadge("!")
        } else if reason == nil && wasMarked {
            setTabBadge(badgeBeforeFailure)
        }
        host?.invalidateScreen()
    }
}

extension ModuleController: ModuleInstanceDelegate {
    public func moduleDidSetTitle(_ title: String) {
        titleOverride = limited(title, "set_title", ModuleLimits.maximumTitleBytes)
        host?.invalidateScreen()
    }

    public func moduleDidSetBadge(_ badge: String?) {
        let badge = badge.map { limited($0, "set_badge", ModuleLimits.maximumBadgeBytes) }
        self.badge = badge
        if showsBusyMark {
            badgeBeforeBusy = badge
        } else if reloadFailure == nil {
            setTabBadge(badge)
        } else {
            badgeBeforeFailure = badge
        }
        host?.invalidateScreen()
    }

    public func moduleDidInvalidate() {
        host?.invalidate(self)
    }

    public func moduleBusyChanged() {
        let busy = instance.isBusy
        guard busy != showsBusyMark, reloadFailure == nil else { return }
        showsBusyMark = busy
        if busy {
            badgeBeforeBusy = owningTab?.tab.badge
            setTabBadge(Self.busyMark)
        } else {
            setTabBadge(badgeBeforeBusy)
        }
        host?.invalidateScreen()
    }

    public func modulePush(module: String, param: String?, target: ModulePushTarget) -> Bool {
        modulePush(module: module, param: param, target: target, tag: nil)
    }

    public func modulePush(module: String, param: String?, target: ModulePushTarget, tag: String?) -> Bool {
        // The application's stack covers every tab: as much of the screen as a presentation.
        if target == .applicationStack,
            !mayTakeScreen("push \(ModuleLimits.cut(module, to: ModuleNameRules.maxNameBytes)) onto the application's stack")
        {
            return false
        }
        guard let host, enterScreenCall("push", module, param: param) else { return false }
        defer { leaveScreenCall() }
        do {
            // This controller is the new screen's presenter: it gets TAB_EVENT_RESULT when that screen goes.
            let pushed =
                switch target {
                case .ownStack: try host.push(module: module, param: param, onto: navigationController, presenter: self)
                case .applicationStack: try host.push(module: module, param: param, presenter: self)
                }
            pushed.context.resultTag = tag
            return true
        } catch {
            moduleLog(level: .warning, message: "push \(module): \(error)")
            return false
        }
    }

    public func modulePop() {
        guard let nav = navigationController, nav.stack.count > 1 else { return }
        nav.pop()
        host?.invalidateScreen()
    }

    public func modulePresent(module: String, param: String?) -> Bool {
        modulePresent(module: module, param: param, tag: nil, confirmDismiss: false)
    }

    public func modulePresent(module: String, param: String?, tag: String?, confirmDismiss: Bool) -> Bool {
        guard mayTakeScreen("present \(ModuleLimits.cut(module, to: ModuleNameRules.maxNameBytes))"), let host,
            enterScreenCall("present", module, param: param)
        else { return false }
        defer { leaveScreenCall() }
        do {
            let presented = try host.present(module: module, param: param, presenter: self)
            presented.context.resultTag = tag
            presented.context.guardsDismiss = confirmDismiss
            return true
        } catch {
            moduleLog(level: .warning, message: "present \(module): \(error)")
            return false
        }
    }

    public func moduleDismiss() {
        guard let host, host.dismiss(containing: self) else { return }
        host.invalidate()
    }

    public func moduleAddTab(name: String, module: String, image: String?, param: String?) -> Bool {
        guard enterScreenCall("add_tab", module, param: param, tab: name) else { return false }
        defer { leaveScreenCall() }
        let image = image.flatMap(confinedImage)
        // Selecting a tab, or starting an existing one again with a param of the caller's choosing, is
        // the user's to cause: from a timer, a tick or a background tab it would take the screen from
        // the tab the user is on, or hand another module's tab a param it did not choose.
        let userCaused = isHandlingUserInput
        do {
            if let container = tabContainer {
                try container.addTab(name: name, module: module, image: image, param: param, selecting: userCaused)
            } else if let host {
                try host.addTab(name: name, module: module, image: image, param: param, selecting: userCaused)
            } else {
                return false
            }
            host?.invalidateScreen()
            return true
        } catch {
            moduleLog(level: .warning, message: "add_tab \(name) (\(module)): \(error)")
            return false
        }
    }

    public func moduleLog(level: ModuleLogLevel, message: String) {
        runtime?.log(level: level, module: info.name, message: message)
    }

    public func moduleTabCount() -> Int {
        (context.parent as? any TabItemSource)?.barItems.count ?? 0
    }

    public func moduleTabItem(at index: Int) -> TabBarItem? {
        guard let items = (context.parent as? any TabItemSource)?.barItems, items.indices.contains(index) else {
            return nil
        }
        return items[index]
    }
}

extension ModuleController {
    /// Whether this module handles an event the user caused (a key, a click, an edit, an alert's answer,
    /// or a result that arrives while one of those is handled).
    var isHandlingUserInput: Bool { (moduleRuntime?.userInput.depth ?? 0) > 0 }

    /// Whether this screen may take the whole screen now (`call`: present, alert, toast, a push onto the
    /// application's stack): only while it is shown, or while it handles the user's own input. A module
    /// in a background tab could otherwise cover the tab the user is on, under that tab's title, with a
    /// screen of its own (a password prompt), or raise alert after alert over it. One log line otherwise.
    func mayTakeScreen(_ call: String) -> Bool {
        if isHandlingUserInput { return true }
        if let host, host.isShown(self) { return true }
        moduleLog(
            level: .warning,
            message: "\(call) ignored: this screen is not shown (a module takes the screen only while it is shown, "
                + "or while it handles the user's key, click or edit; a badge can say something is new)")
        return false
    }
}
