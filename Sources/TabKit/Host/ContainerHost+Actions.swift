extension ContainerHost {
    /// What applying an action did, for `apply`'s bookkeeping.
    enum ActionOutcome {
        /// It did not apply.
        case refused
        /// It changed the tree or what the screen shows.
        case changed
        /// It went to a controller as an event (`send(_:to:)` invalidated what that rule asks), or
        /// moved the focus: nothing shown changed on the model's side.
        case delivered
    }

    /// Applies a front end's action; returns false when it did not apply (unknown slot or id, nothing
    /// to go back to, an alert showing).
    ///
    /// - `selectTab(slot)`: a user tap on the visible bar (delegate calls, re-tap pops to root).
    /// - `activate(id)`: to the shown content if its rendering (the one on screen) offers `id`, a
    ///   row's secondary action included (More rows are handled by TabKit's list); else, if the
    ///   tab-bar controller's rendering offers it, an id naming a slot
    ///   (`TabBar.slot(forAction:slotCount:)`) selects that slot like a user tap and any other id goes
    ///   to the bar controller. Content wins a clash.
    /// - `back`: dismiss the modal, else pop the innermost stack that can pop (the selected tab's
    ///   stack, or from an overflow tab's root back to More), else the outer stack (rules 36–38).
    /// - `dismiss`: dismiss the top modal. `key`: to the shown controller.
    /// - `moveTab(from:to:)`: one customizing session on the visible bar (willBegin → move →
    ///   willEnd → didEnd); false when a slot is More or a tab is not customizable.
    /// - `focus(id)`, `editText`, `submit`, `toggle`, `answerAlert`: see `performInput(_:)` (rules 45–47).
    ///
    /// While an alert shows (`Screen.alert`) only `answerAlert` applies (rule 46).
    ///
    /// An applied action sets `needsRender`, except one that only moved the focus or went to a
    /// controller that does not render after every event and did not invalidate itself. The
    /// controller an action or key went to is treated as invalidated once when it
    /// `rendersAfterEveryEvent` (rule 47); checking an id renders nothing that is on screen already.
    @discardableResult
    public func apply(_ action: ScreenAction) -> Bool {
        confinement.assertConfined("ContainerHost.apply")
        switch perform(action) {
        case .refused: return false
        case .changed:
            invalidateScreen()
            return true
        case .delivered: return true
        }
    }

    func perform(_ action: ScreenAction) -> ActionOutcome {
        if case .answerAlert(let id, let button) = action {
            return answerAlert(id: id, button: button) ? .delivered : .refused
        }
        // The alert is modal: nothing under it takes input until it is answered.
        if shownAlert != nil { return .refused }
        switch action {
        case .selectTab(let slot):
            return visibleTabContainer?.tap(slot: slot) == true ? .changed : .refused
        case .activate(let id):
            let leaf = visibleController
            let content = rendering(of: leaf)
            if content.actions.contains(id) {
                if let focus = content.focus(implied: id) { leaf.context.focus = focus }
                send(.action(id), to: leaf)
                return .delivered
            }
            if let tabs = visibleTabContainer, let bar = tabs.barController {
                let items = tabs.barItems
                guard rendering(of: bar, items: items).actions.contains(id) else { return .refused }
                if let slot = TabBar.slot(forAction: id, slotCount: items.count) { return tabs.tap(slot: slot) ? .changed : .refused }
                send(.action(id), to: bar)
                return .delivered
            }
            return .refused
        case .back:
            if let guarded = guardedModal() { return askToDismiss(guarded) }
            return goBack() ? .changed : .refused
        case .dismiss:
            if let guarded = guardedModal() { return askToDismiss(guarded) }
            return dismiss() ? .changed : .refused
        case .key(let key):
            let leaf = visibleController
            // A screen's shortcut (ABI 1.3) turns its key into the action; front ends keep the host's keys.
            if let shortcut = rendering(of: leaf).shortcuts.first(where: { $0.key == key.rawValue }) {
                send(.action(shortcut.action), to: leaf)
            } else {
                send(.key(key), to: leaf)
            }
            return .delivered
        case .moveTab(let from, let to):
            guard let tabs = visibleTabContainer, tabs.slots.indices.contains(from), tabs.slots.indices.contains(to),
                case .tab(let source) = tabs.slots[from], case .tab(let destination) = tabs.slots[to]
            else { return .refused }
            tabs.beginCustomizing()
            let moved = tabs.moveTab(from: source, to: destination)
            tabs.endCustomizing()
            return moved ? .changed : .refused
        case .focus, .editText, .submit, .toggle, .answerAlert:
            return performInput(action)
        case .showRows(let list, let start, let count):
            let leaf = visibleController
            guard rendering(of: leaf).containsList(list), let lists = leaf as? any ListWindowing, start >= 0, count > 0,
                start < ViewList.maximumCount
            else { return .refused }
            // A window reaching past the most rows a list may have ends there (no row lies beyond).
            lists.showRows(of: list, rows: start..<(start + min(count, ViewList.maximumCount - start)))
            return .delivered
        }
    }

    /// The ABI 1.2 input actions, on the shown content (the leaf of the visible chain), checked
    /// against its rendering on screen:
    ///
    /// - `focus(id)`: records `id` (nil: nothing) as the content's focus (`ControllerContext.focus`),
    ///   which the events it gets carry; refused for an id that is not one of its focusables. Draws
    ///   nothing anew (rule 45).
    /// - `editText(field, value)` and `submit(field, value)`: `ControllerEvent.text` and `.submit`,
    ///   for a field it shows (submit only for a single-line field); `toggle(id, isOn)`:
    ///   `ControllerEvent.toggle` for a toggle it shows. Each moves the focus to that field or toggle first.
    func performInput(_ action: ScreenAction) -> ActionOutcome {
        let leaf = visibleController
        let content = rendering(of: leaf)
        switch action {
        case .focus(let id):
            if let id, !content.focusables.contains(where: { $0.id == id }) { return .refused }
            leaf.context.focus = id
            return .delivered
        case .editText(let field, let value):
            guard content.fieldIDs.contains(field) else { return .refused }
            leaf.context.focus = field
            send(.text(field: field, value: value), to: leaf)
            return .delivered
        case .submit(let field, let value):
            guard content.singleLineFieldIDs.contains(field) else { return .refused }
            leaf.context.focus = field
            send(.submit(field: field, value: value), to: leaf)
            return .delivered
        case .toggle(let id, let isOn):
            guard content.toggleIDs.contains(id) else { return .refused }
            leaf.context.focus = id
            send(.toggle(id: id, isOn: isOn), to: leaf)
            return .delivered
        default:
            return .refused
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
