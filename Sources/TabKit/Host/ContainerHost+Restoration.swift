#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import FoundationEssentials
#endif

extension ContainerHost {
    /// The restoration file's contents: `RestorationState` as JSON (rule 41). A stack's path stops
    /// at the first controller without a module name (it could not be made again); a modal without
    /// one (the dev loop's build log) is left out. A screen whose presenter is the screen shown
    /// below it when it came (the usual case: the module that pushed or presented it) says so, so
    /// that its result still reaches that screen after a restore. Unless `waiting`, each screen's state
    /// is what it has without waiting (`Controller.stateWithoutWaiting()`).
    public func saveRestoration(waiting: Bool = true) -> Data {
        saveRestorationWithinFileLimit(waiting: waiting).data
    }

    /// `saveRestoration(waiting:)` held to `RestorationState.maximumFileBytes`
    /// (`RestorationState.encodedWithinFileLimit()`): the bytes, and the modules whose states were left out.
    public func saveRestorationWithinFileLimit(waiting: Bool = true) -> (data: Data, leftOut: [(module: String, bytes: Int)]) {
        confinement.assertConfined("ContainerHost.saveRestoration")
        return RestorationState(root: Self.save(root, waiting: waiting), modals: saveModals(waiting: waiting)).encodedWithinFileLimit()
    }

    /// Restores a state `saveRestoration()` wrote (read back with `RestorationState.decode`): stacks
    /// are rebuilt through `makeController` (each made, started, given its state, then placed), tab
    /// order and selection are applied by name; a saved name that no longer exists falls back by the
    /// removal rule (same index, else the last, else none) (rule 42). Selection is programmatic: no
    /// delegate calls. Entries whose module cannot be made end that stack's path, and states a
    /// controller refuses are dropped (both reported in the returned problems). A path saved over
    /// another root module is ignored. Modals are presented again over it, bottom first, each made,
    /// started and given its state; one whose module cannot be made ends the modals restored.
    @discardableResult
    public func restore(_ state: RestorationState) -> [TabKitError] {
        confinement.assertConfined("ContainerHost.restore")
        var problems: [TabKitError] = []
        restore(root, from: state.root, problems: &problems)
        restoreModals(state.modals, problems: &problems)
        return problems
    }

    func saveModals(waiting: Bool) -> [RestorationEntry] {
        var entries: [RestorationEntry] = []
        var below = root
        for modal in modals {
            defer { below = modal }
            guard modal.context.module != nil else { continue }
            entries.append(Self.entry(for: modal, below: Self.visibleLeaf(from: below), waiting: waiting))
        }
        return entries
    }

    func restoreModals(_ entries: [RestorationEntry], problems: inout [TabKitError]) {
        // Each entry makes a module instance: a file may not ask for any number of them.
        let limit = RestorationState.maximumStackDepth
        if entries.count > limit {
            problems.append(
                TabKitError(
                    .tooLarge,
                    "restoration data: \(entries.count) modals are more than the limit of \(limit); the first \(limit) are restored"))
        }
        for entry in entries.prefix(limit) {
            guard let module = entry.module else { continue }
            do {
                let c = try makeController(module: module, param: entry.param)
                if entry.presenterBelow == true { c.context.presenter = visibleController }
                c.context.resultTag = entry.tag
                c.start(param: entry.param)
                restoreEntryState(c, entry, problems: &problems)
                present(c)
            } catch {
                problems.append(TabKitError(.factoryFailed, "restoration: \(error); the modals were restored up to it"))
                break
            }
        }
    }

    /// The screen shown under `start`: down its stacks' tops and tab containers' visible content.
    static func visibleLeaf(from start: any Controller) -> any Controller {
        var node = start
        while true {
            if let nav = node as? NavigationController, let top = nav.top {
                node = top
            } else if let tabs = node as? TabContainer, let content = tabs.visibleContent {
                node = content
            } else {
                return node
            }
        }
    }

    /// How to make `c` again; `below` is the screen shown under it when it came.
    static func entry(for c: any Controller, below: (any Controller)?, waiting: Bool) -> RestorationEntry {
        let presenter = c.context.presenter
        return RestorationEntry(
            module: c.context.module, param: c.context.param,
            state: (waiting ? c.saveState() : c.stateWithoutWaiting()).map { Data($0).base64EncodedString() },
            tabs: (c as? TabContainer).map { saveTabs($0, waiting: waiting) },
            presenterBelow: presenter != nil && presenter === below ? true : nil,
            tag: c.context.resultTag)
    }

    static func save(_ c: any Controller, waiting: Bool) -> RestorationNode {
        if let nav = c as? NavigationController { return .stack(saveStack(nav, waiting: waiting)) }
        if let tabs = c as? TabContainer { return .tabs(saveTabs(tabs, waiting: waiting)) }
        return .other
    }

    static func saveStack(_ nav: NavigationController, waiting: Bool) -> [RestorationEntry] {
        var entries: [RestorationEntry] = []
        for (i, c) in nav.stack.enumerated() {
            if i > 0, c.context.module == nil { break }
            entries.append(entry(for: c, below: i > 0 ? nav.stack[i - 1] : nil, waiting: waiting))
        }
        return entries
    }

    static func saveTabs(_ tabs: TabContainer, waiting: Bool) -> RestorationTabs {
        var stacks: [String: [RestorationEntry]] = [:]
        for tab in tabs.tabs {
            if let stack = tab.stack { stacks[tab.name] = saveStack(stack, waiting: waiting) }
        }
        return RestorationTabs(
            selected: tabs.selectedTab?.name, index: tabs.selectedIndex ?? tabs.previousIndex ?? 0,
            moreList: tabs.isShowingMoreList, order: tabs.tabs.map(\.name), stacks: stacks)
    }

    func restore(_ c: any Controller, from node: RestorationNode, problems: inout [TabKitError]) {
        switch node {
        case .stack(let entries):
            if let nav = c as? NavigationController { restoreStack(nav, entries, problems: &problems) }
        case .tabs(let state):
            if let tabs = c as? TabContainer { restoreTabs(tabs, state, problems: &problems) }
        case .other:
            break
        }
    }

    func restoreEntryState(_ c: any Controller, _ entry: RestorationEntry, problems: inout [TabKitError]) {
        if let b64 = entry.state {
            if let data = Data(base64Encoded: b64) {
                if !c.restoreState(Array(data)) {
                    let module = c.context.module ?? c.title
                    problems.append(Self.stateRefusal(module: module, keptIn: refusedStateHandler?(module, Array(data))))
                }
            } else {
                problems.append(
                    TabKitError(.invalidValue, "restoration data: state of \"\(c.context.module ?? c.title)\" is not base64; ignored"))
            }
        }
        if let tabs = c as? TabContainer, let state = entry.tabs { restoreTabs(tabs, state, problems: &problems) }
    }

    /// "restoration data: "NAME" refused its saved state; it starts fresh (the state is kept in PATH)":
    /// the problem reported when a module refuses the state it was saved with.
    public static func stateRefusal(module: String, keptIn path: String?) -> TabKitError {
        let kept = path.map { " (the state is kept in \($0))" } ?? ""
        return TabKitError(.invalidValue, "restoration data: \"\(module)\" refused its saved state; it starts fresh\(kept)")
    }

    func restoreStack(_ nav: NavigationController, _ entries: [RestorationEntry], problems: inout [TabKitError]) {
        // A path saved over another root module (the layout changed) does not belong on this one.
        guard let first = entries.first, let root = nav.root, first.module == root.context.module else { return }
        // Each entry makes a module instance: a file may not ask for any number of them.
        let limit = RestorationState.maximumStackDepth
        var entries = entries
        if entries.count > limit {
            problems.append(
                TabKitError(
                    .tooLarge,
                    "restoration data: a stack of \(entries.count) screens is deeper than the limit of \(limit); "
                        + "its first \(limit) are restored"))
            entries.removeSubrange(limit...)
        }
        restoreEntryState(root, first, problems: &problems)
        var rebuilt: [any Controller] = [root]
        for entry in entries.dropFirst() {
            guard let module = entry.module else { break }
            do {
                let c = try makeController(module: module, param: entry.param)
                if entry.presenterBelow == true { c.context.presenter = rebuilt.last }
                c.context.resultTag = entry.tag
                c.start(param: entry.param)
                restoreEntryState(c, entry, problems: &problems)
                rebuilt.append(c)
            } catch {
                problems.append(TabKitError(.factoryFailed, "restoration: \(error); the stack was restored up to it"))
                break
            }
        }
        if rebuilt.count > 1 || nav.stack.count > 1 { nav.setStack(rebuilt) }
    }

    func restoreTabs(_ tabs: TabContainer, _ state: RestorationTabs, problems: inout [TabKitError]) {
        tabs.applyOrder(state.order)
        // In tab order, so tabs are created in the order the user sees them.
        for tab in tabs.tabs {
            guard let entries = state.stacks[tab.name] else { continue }
            let needsStack = entries.count > 1 || entries.first?.state != nil || entries.first?.tabs != nil
            guard needsStack else { continue }
            restoreStack(tabs.materialize(tab), entries, problems: &problems)
        }
        let saved = state.index
        if state.moreList, tabs.hasMore {
            tabs.show(.moreList, style: .tabSwitch)
            // "index" is the tab the list returns to when More goes away (rule 27).
            if tabs.tabs.indices.contains(saved) { tabs.previousIndex = saved }
            return
        }
        if let name = state.selected, tabs.select(name: name) { return }
        guard !tabs.tabs.isEmpty else { return }
        tabs.select(index: tabs.tabs.indices.contains(saved) ? saved : tabs.tabs.count - 1)
    }
}
