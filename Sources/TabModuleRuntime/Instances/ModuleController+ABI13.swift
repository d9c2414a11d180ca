import TabKit

extension ModuleController: ListWindowing {
    /// A front end shows `rows` of the lazy list `list` (`ScreenAction.showRows`).
    public func showRows(of list: String, rows: Range<Int>) {
        setListWindow(list, rows: rows)
    }
}

extension ModuleController {
    /// How long after a user's event began a module may still write the clipboard from it.
    static let copyWindow = Duration.seconds(1)

    /// `focus`: the node `id` gets the focus at the next frame (`ContainerHost.requestFocus`). An id
    /// the next render does not show is one log line.
    public func moduleFocus(id: String) {
        pendingFocusCheck = (id, "focus")
        host?.requestFocus(id, index: nil, of: self)
    }

    /// `scroll_to`: node `id` (for a lazy list, its row `index`) scrolls into view; a list's window
    /// moves there first, so that row is drawn in the next frame.
    public func moduleScroll(to id: String, index: Int) {
        guard index < ViewList.maximumCount else {
            return moduleLog(
                level: .warning,
                message: "scroll_to \(id) ignored: its row is past the \(ViewList.maximumCount) rows a list may have")
        }
        pendingFocusCheck = (id, "scroll_to")
        if let window = listWindows[id], !window.contains(index) || window.isEmpty {
            setListWindow(id, around: index)
        } else if listWindows[id] == nil && index >= ModuleLimits.defaultListWindowRows {
            setListWindow(id, around: index)
        }
        host?.requestFocus(id, index: index, of: self)
    }

    /// `copy_text`: only while an event the user caused is being handled, and within a second of
    /// it; otherwise one log line, and the clipboard is left alone.
    public func moduleCopyText(_ text: String) {
        let input = moduleRuntime?.userInput
        guard let input, input.depth > 0, moduleRuntime.map({ $0.ticks.now - input.began <= Self.copyWindow }) == true else {
            moduleLog(
                level: .warning,
                message: "copy_text ignored: a module may write the clipboard only while handling a key, click or edit "
                    + "of the user's (and within 1 s of it)")
            return
        }
        host?.copyToClipboard(limited(text, "copy_text", ModuleLimits.maximumFieldBytes))
    }

    /// `toast`: one line over the bottom of the tab for a moment (`ContainerHost.showToast`).
    public func moduleToast(_ text: String, style: ViewStyle) {
        guard mayTakeScreen("toast") else { return }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        host?.showToast(limited(line, "toast", ModuleLimits.maximumTitleBytes), style: style)
    }

    /// Asks for the rows of the lazy list `id` from `start` on (a front end's scroll): the next
    /// render draws them. Invalidates only when the window changes.
    public func setListWindow(_ id: String, rows: Range<Int>) {
        guard listWindows[id] != rows else { return }
        listWindows[id] = rows
        host?.invalidate(self)
    }

    /// A window of the default size with `index` a little below its top.
    func setListWindow(_ id: String, around index: Int) {
        let start = max(0, index - ModuleLimits.defaultListWindowRows / 4)
        setListWindow(id, rows: start..<(start + ModuleLimits.defaultListWindowRows))
    }

    /// Delivers `event`, counting the events a user caused (a key, a click, an edit, an alert's
    /// answer, and a result that arrives while one of those is handled) for `copy_text`.
    func deliverTracingUserInput(_ event: ModuleEvent, focus: String?) {
        let userCaused: Bool
        switch event {
        case .action, .key, .text, .submit, .toggle, .alert, .dismiss: userCaused = true
        case .result: userCaused = (moduleRuntime?.userInput.depth ?? 0) > 0
        case .tick, .timer: userCaused = false
        }
        guard userCaused, let runtime = moduleRuntime else { return instance.send(event, focus: focus) }
        moduleBeginUserInput(at: runtime.userInput.depth == 0 ? runtime.ticks.now : runtime.userInput.began)
        defer { moduleEndUserInput() }
        instance.send(event, focus: focus)
    }

    public func moduleUserInputBegan() -> ContinuousClock.Instant? {
        guard let input = moduleRuntime?.userInput, input.depth > 0 else { return nil }
        return input.began
    }

    public func moduleBeginUserInput(at began: ContinuousClock.Instant) {
        guard let runtime = moduleRuntime else { return }
        if runtime.userInput.depth == 0 { runtime.userInput.began = began }
        runtime.userInput.depth += 1
    }

    public func moduleEndUserInput() {
        guard let runtime = moduleRuntime, runtime.userInput.depth > 0 else { return }
        runtime.userInput.depth -= 1
    }

    /// After a render: a `focus` or `scroll_to` id that the view does not show is one log line.
    func checkFocusRequest(in tree: ViewTree) {
        guard let (id, call) = pendingFocusCheck else { return }
        pendingFocusCheck = nil
        if tree.focusables.contains(where: { $0.id == id }) || tree.containsList(id) { return }
        if call == "scroll_to" && tree.containsNode(id) { return }
        moduleLog(level: .warning, message: "\(call): no node with the id \"\(ModuleLimits.cut(id, to: 64))\" in the view; ignored")
    }
}
