extension ContainerHost {
    /// Applies a front end's action; returns false when it did not apply (unknown slot or id, nothing to go back to).
    ///
    /// - `selectTab(slot)`: a user tap on the visible bar (delegate calls, re-tap pops to root).
    /// - `activate(id)`: to the shown content if its rendering (the one on screen) offers `id` (More
    ///   rows are handled by TabKit's list); else, if the tab-bar controller's rendering offers it, an
    ///   id naming a slot (`TabBar.slot(forAction:slotCount:)`) selects that slot like a user tap and
    ///   any other id goes to the bar controller. Content wins a clash.
    /// - `back`: dismiss the modal, else pop the innermost stack that can pop (the selected tab's
    ///   stack, or from an overflow tab's root back to More), else the outer stack (rules 36–38).
    /// - `dismiss`: dismiss the top modal. `key`: to the shown controller.
    /// - `moveTab(from:to:)`: one customizing session on the visible bar (willBegin → move →
    ///   willEnd → didEnd); false when a slot is More or a tab is not customizable.
    ///
    /// An applied action sets `needsRender`. The controller an action or key went to is treated as
    /// invalidated once (`invalidate(_:)`); checking an id renders nothing that is on screen already.
    @discardableResult
    public func apply(_ action: ScreenAction) -> Bool {
        confinement.assertConfined("ContainerHost.apply")
        let applied = perform(action)
        if applied { invalidateScreen() }
        return applied
    }

    func perform(_ action: ScreenAction) -> Bool {
        switch action {
        case .selectTab(let slot):
            return visibleTabContainer?.tap(slot: slot) ?? false
        case .activate(let id):
            let leaf = visibleController
            if rendering(of: leaf).focusableActions.contains(id) {
                send(.action(id), to: leaf)
                return true
            }
            if let tabs = visibleTabContainer, let bar = tabs.barController {
                let items = tabs.barItems
                guard rendering(of: bar, items: items).focusableActions.contains(id) else { return false }
                if let slot = TabBar.slot(forAction: id, slotCount: items.count) { return tabs.tap(slot: slot) }
                send(.action(id), to: bar)
                return true
            }
            return false
        case .back:
            return goBack()
        case .dismiss:
            return dismiss()
        case .key(let key):
            send(.key(key), to: visibleController)
            return true
        case .moveTab(let from, let to):
            guard let tabs = visibleTabContainer, tabs.slots.indices.contains(from), tabs.slots.indices.contains(to),
                case .tab(let source) = tabs.slots[from], case .tab(let destination) = tabs.slots[to]
            else { return false }
            tabs.beginCustomizing()
            let moved = tabs.moveTab(from: source, to: destination)
            tabs.endCustomizing()
            return moved
        case .focus, .editText, .submit, .toggle, .answerAlert:
            // ABI 1.2 input: routed by the model (issue 30, in progress).
            return false
        }
    }

    /// Back (rule 38): dismiss, else the innermost level that can go back.
    func goBack() -> Bool {
        if !modals.isEmpty { return dismiss() }
        for node in visibleChain.reversed() {
            if let tabs = node as? TabContainer, tabs.canReturnToMoreList { return tabs.returnToMoreList() }
            if let nav = node as? NavigationController, nav.stack.count > 1 { return nav.pop() != nil }
        }
        return false
    }
}
