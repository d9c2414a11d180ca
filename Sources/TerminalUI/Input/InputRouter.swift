import TabKit

/// Focus management, text editing and key/mouse mapping of the terminal front end, free of any I/O.
///
/// Up/Down move the focus among `content.focusables` (rows, table rows and buttons with an action,
/// text fields, toggles), Home/End to the first and last (a lazy list's row 0 or last row, asked for
/// when not drawn), the wheel scrolls the content (the focus staying on its row while that is in view),
/// Tab/Shift-Tab cycle it, Enter activates (or flips a
/// toggle, as Space does), Left/Right and digits 1–9 select tab slots, Esc/Backspace go back (or
/// dismiss a modal), `q` and Ctrl-C quit, Ctrl-L repaints, Alt-Enter opens the focused row's
/// actions, a click acts on what the hit map says is there. A focused text field takes every key
/// (`FieldEditor`) until Esc leaves it; Enter there submits. While an alert shows only its keys
/// work. The keys left over go to the model as `.key(TabKey)`, exactly those `tab_module.h`
/// lists for the terminal. Focus and scroll are remembered per screen, so Back returns to the row
/// that was left; each change of the focused id is told to the model (`ScreenAction.focus`).
package struct InputRouter: Sendable {
    /// The focused item (index into `content.focusables`), nil when nothing is focusable.
    public private(set) var focus: Int?
    /// The first content line shown.
    public internal(set) var scroll = 0
    /// False after the wheel scrolled: the renderer keeps `scroll` rather than bringing the focus into view.
    public internal(set) var followsFocus = true
    /// The lazy list's row a key (Home, End, a move past the rows drawn) goes to once a frame draws it.
    var pendingRow: (list: String, index: Int)?
    /// `pendingRow` when the event being handled came: the next move goes on from there.
    var carriedRow: (list: String, index: Int)?
    /// The fields' edit buffers, whether the focused field takes keys, the alert button, the menu.
    public private(set) var interaction = InteractionState()
    private var focused: ViewFocusable?
    private var identity: ScreenIdentity?
    private var remembered: [ScreenIdentity: Memory] = [:]
    private var rememberedOrder: [ScreenIdentity] = []
    private static let rememberedScreens = 256
    private var hitMap = HitMap()
    private var contentRows = 1
    /// Texts sent for each field since the module last set it: a module value among them is an
    /// echo of an earlier edit (the module's render lagging behind the typing), not a new value.
    private var sent: [String: [String]] = [:]
    /// Secure fields submitted since they were last reset (their value never reaches the front end).
    private var submitted: Set<String> = []
    /// The content whose field values were last taken in.
    private var reconciled: ViewTree?
    /// The focus last told to the model; `.none` when nothing was told on this screen yet.
    private var reportedFocus: String??
    private var alertID: String?

    /// What a screen keeps while another one shows.
    private struct Memory: Sendable {
        var focused: ViewFocusable?
        var focus: Int?
        var scroll: Int
        var isEditing: Bool
    }

    /// Creates a router with nothing focused yet.
    public init() {}

    /// Adjusts focus for the screen about to be drawn: a new place restores its remembered focus
    /// (else the first focusable); the same place keeps the focused id where it still exists.
    /// Field values the module changed replace the edit buffers.
    public mutating func prepare(for screen: Screen) {
        let id = ScreenIdentity(screen)
        if id != identity {
            if let identity {
                // Every instance is a screen of its own: forget the oldest past a bound, as they pile up.
                if remembered[identity] == nil {
                    rememberedOrder.append(identity)
                    if rememberedOrder.count > Self.rememberedScreens { remembered[rememberedOrder.removeFirst()] = nil }
                }
                remembered[identity] = Memory(focused: focused, focus: focus, scroll: scroll, isEditing: interaction.isEditing)
            }
            let memory = remembered[id]
            focused = memory?.focused
            focus = memory?.focus
            scroll = memory?.scroll ?? 0
            interaction.isEditing = memory?.isEditing ?? false
            interaction.menu = nil
            identity = id
            reportedFocus = .none
            followsFocus = true
            pendingRow = nil
        }
        if reconciled != screen.content {
            takeFieldValues(of: screen.content)
            reconciled = screen.content
        }
        if screen.alert?.id != alertID {
            alertID = screen.alert?.id
            interaction.alertButton = 0
        }
        if let alert = screen.alert { interaction.alertButton = min(interaction.alertButton, alert.buttons.count - 1) }
        let focusables = screen.terminalFocusables
        guard !focusables.isEmpty else {
            focus = nil
            focused = nil
            interaction.isEditing = false
            interaction.menu = nil
            return
        }
        if let focused, let index = nearestIndex(of: focused, in: focusables) {
            focus = index
        } else {
            setFocus(min(max(focus ?? 0, 0), focusables.count - 1), in: focusables)
        }
        takePendingRow(on: screen)
    }

    /// The focus change the model has not been told about, as the action that tells it; nil when
    /// it knows (or an alert shows, when only its answer applies).
    public mutating func takeFocusReport(on screen: Screen) -> ScreenAction? {
        guard screen.alert == nil else { return nil }
        let id = focused?.id
        if case .some(let told) = reportedFocus, told == id { return nil }
        reportedFocus = .some(id)
        return .focus(id)
    }

    mutating func setToast(_ toast: ScreenNote?) { interaction.toast = toast }

    /// What has the focus, for the extensions.
    var focusedItem: ViewFocusable? { focused }

    mutating func moveFocus(to index: Int, in focusables: [ViewFocusable]) { setFocus(index, in: focusables) }

    private func nearestIndex(of item: ViewFocusable, in focusables: [ViewFocusable]) -> Int? {
        let around = focus ?? 0
        return focusables.indices.filter { focusables[$0] == item }.min { abs($0 - around) < abs($1 - around) }
    }

    /// Moves the focus to `index`; a field it lands on takes keys, anything else closes the menu.
    private mutating func setFocus(_ index: Int, in focusables: [ViewFocusable]) {
        let item = focusables[index]
        if item != focused {
            interaction.menu = nil
            if case .field = item { interaction.isEditing = true } else { interaction.isEditing = false }
        }
        focus = index
        focused = item
    }

    /// Takes in the module's field values: a value that differs from the buffer and is not an
    /// echo of an edit replaces it (the module cleared the field after a submit, say).
    private mutating func takeFieldValues(of tree: ViewTree) {
        for node in tree.nodes {
            guard case .textField(let field) = node.unstyled else { continue }
            guard var editor = interaction.fields[field.id] else {
                interaction.fields[field.id] = FieldEditor(text: field.value)
                continue
            }
            if field.isSecure {
                // The front end never sees a secure value: a submit is the one time to start anew.
                guard submitted.remove(field.id) != nil else { continue }
            } else if field.value == editor.text || sent[field.id, default: []].contains(field.value) {
                continue
            }
            editor.setText(field.value)
            interaction.fields[field.id] = editor
            sent[field.id] = []
        }
    }

    /// Records what was drawn (clamped focus, scroll, the hit map for clicks).
    public mutating func didRender(_ frame: RenderedFrame) {
        focus = frame.focus
        if let item = frame.focusedItem, item != focused {
            // The wheel took the focused row out of view: the focus is on the nearest row in view.
            focused = item
            interaction.menu = nil
            interaction.isEditing = false
        }
        scroll = frame.scroll
        hitMap = frame.hitMap
        contentRows = max(1, frame.contentRows)
    }

    /// The commands for one input event on `screen` (the screen last drawn). A focus change comes
    /// first, as `.perform(.focus(id))`, so the action after it carries the new focus.
    public mutating func handle(_ event: InputEvent, on screen: Screen) -> [FrontEndCommand] {
        if let alert = screen.alert { return handleAlert(event, alert) }
        if interaction.menu != nil { return handleMenu(event) }
        let before = focused
        carriedRow = pendingRow
        if !Self.isWheel(event) {
            followsFocus = true
            pendingRow = nil
        }
        var commands = route(event, on: screen)
        if focused != before, let report = takeFocusReport(on: screen) {
            commands.insert(.perform(report), at: 0)
        }
        if focused != before, let rows = listWindowRequest(on: screen) { commands.append(.perform(rows)) }
        return commands
    }

    private mutating func route(_ event: InputEvent, on screen: Screen) -> [FrontEndCommand] {
        let focusables = screen.terminalFocusables
        if interaction.isEditing, case .field(let id) = focused, let field = Self.field(id, in: screen.content) {
            switch event {
            case .paste(let text):
                return edit(id) { $0.insert(field.isMultiline ? text : Self.singleLine(text)) }
            case .key(.alt(let scalar)) where scalar != "b" && scalar != "f":
                // Esc and a key typed quickly (tmux sends them in one write): leave the field, then the key.
                interaction.isEditing = false
                return [.redraw] + route(.key(.character(scalar)), on: screen)
            case .key(let key):
                if let commands = editKey(key, field: field) { return commands }
            case .mouse:
                break
            }
        }
        switch event {
        case .paste:
            return []  // pasted text goes to a text field only
        case .mouse(let mouse):
            return click(mouse, on: screen, focusables: focusables)
        case .key(let key):
            return navigate(key, on: screen, focusables: focusables)
        }
    }

    /// A key for the field being edited; nil for one that moves the focus instead (Tab, Shift-Tab,
    /// Up and Down past the first or last line, Page Up and Down).
    private mutating func editKey(_ key: Key, field: ViewTextField) -> [FrontEndCommand]? {
        let id = field.id
        switch key {
        case .character(let scalar): return edit(id) { $0.insert(String(scalar)) }
        case .backspace: return edit(id) { $0.deleteBackward() }
        case .delete: return edit(id) { $0.deleteForward() }
        case .left: return edit(id) { $0.moveLeft() }
        case .right: return edit(id) { $0.moveRight() }
        case .home: return edit(id) { $0.moveToLineStart() }
        case .end: return edit(id) { $0.moveToLineEnd() }
        case .wordLeft, .alt("b"): return edit(id) { $0.moveWordLeft() }
        case .wordRight, .alt("f"): return edit(id) { $0.moveWordRight() }
        case .up, .down:
            guard field.isMultiline else { return nil }
            var moved = false
            let commands = edit(id) { moved = key == .up ? $0.moveUp() : $0.moveDown() }
            return moved ? commands : nil
        case .enter:
            if field.isMultiline { return edit(id) { $0.insert("\n") } }
            sent[id] = []
            if field.isSecure { submitted.insert(id) }
            return [.perform(.submit(field: id, value: interaction.fields[id]?.text ?? field.value))]
        case .escape:
            interaction.isEditing = false
            return [.redraw]
        case .control(let letter):
            switch letter {
            case "a": return edit(id) { $0.moveToLineStart() }
            case "e": return edit(id) { $0.moveToLineEnd() }
            case "b": return edit(id) { $0.moveLeft() }
            case "f": return edit(id) { $0.moveRight() }
            case "u": return edit(id) { $0.deleteToLineStart() }
            case "k": return edit(id) { $0.deleteToLineEnd() }
            case "w": return edit(id) { $0.deleteWordBackward() }
            case "l": return [.repaint]
            case "c", "d": return [.quit]
            default: return []
            }
        case .tab, .backTab, .pageUp, .pageDown: return nil
        case .alt, .altEnter, .shiftLeft, .shiftRight: return []
        }
    }

    /// Applies `change` to the field's buffer: a new text is sent whole, a cursor move redraws.
    private mutating func edit(_ id: String, _ change: (inout FieldEditor) -> Void) -> [FrontEndCommand] {
        var editor = interaction.fields[id] ?? FieldEditor()
        let old = editor
        change(&editor)
        guard editor != old else { return [] }
        interaction.fields[id] = editor
        guard editor.text != old.text else { return [.redraw] }
        sent[id, default: []].append(editor.text)
        // Only recent echoes matter; a long history would only slow the check.
        if sent[id]!.count > 256 { sent[id]!.removeFirst(128) }
        return [.perform(.editText(field: id, value: editor.text))]
    }

    private mutating func navigate(_ key: Key, on screen: Screen, focusables: [ViewFocusable]) -> [FrontEndCommand] {
        let slots = screen.tabBar?.items.count ?? 0
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            if focusables.isEmpty {
                let page = max(1, contentRows - 1)
                let tabKey: TabKey
                switch key {
                case .up:
                    scroll = max(0, scroll - 1)
                    tabKey = .up
                case .down:
                    scroll += 1
                    tabKey = .down
                case .pageUp:
                    scroll = max(0, scroll - page)
                    tabKey = .pageUp
                case .pageDown:
                    scroll += page
                    tabKey = .pageDown
                case .home:
                    scroll = 0
                    tabKey = .home
                default:
                    scroll = Int(Int32.max)
                    tabKey = .end
                }
                return [.redraw, .perform(.key(tabKey))]
            }
            let page = max(1, contentRows / 2)
            // The arrows move within the content; the title bar's buttons (ABI 1.3) are Tab's.
            let content = screen.content.focusables.isEmpty ? focusables : Array(focusables.prefix(screen.content.focusables.count))
            if key == .home || key == .end, let commands = goToListEdge(last: key == .end, on: screen) { return commands }
            let steps: [Key: Int] = [.up: -1, .down: 1, .pageUp: -page, .pageDown: page]
            if let step = steps[key], let commands = stepInList(by: step, on: screen) { return commands }
            switch key {
            case .up: moveFocus(by: -1, in: content)
            case .down: moveFocus(by: 1, in: content)
            case .pageUp: moveFocus(by: -page, in: content)
            case .pageDown: moveFocus(by: page, in: content)
            case .home: moveFocus(by: -content.count, in: content)
            default: moveFocus(by: content.count, in: content)
            }
            return [.redraw]
        case .tab, .backTab:
            guard !focusables.isEmpty else { return key == .tab ? [.perform(.key(.tab))] : [] }
            let step = key == .tab ? 1 : -1
            // Within a lazy list, Tab goes on to its next row even when that one is not drawn yet.
            if let commands = stepInList(by: step, on: screen) { return commands }
            setFocus(((focus ?? 0) + step + focusables.count) % focusables.count, in: focusables)
            return [.redraw]
        case .enter:
            return activateFocus(on: screen, focusables: focusables) ?? [.perform(.key(.enter))]
        case .altEnter:
            if let commands = openMenu(on: screen) { return commands }
            // Not on a row with actions: Esc then Enter, typed quickly.
            return navigate(.escape, on: screen, focusables: focusables) + navigate(.enter, on: screen, focusables: focusables)
        case .alt(let scalar):
            // Alt plus a key the terminal does not use: Esc then the key, typed quickly.
            return navigate(.escape, on: screen, focusables: focusables) + navigate(.character(scalar), on: screen, focusables: focusables)
        case .left, .right, .wordLeft, .wordRight:
            let left = key == .left || key == .wordLeft
            guard slots > 0, let selected = screen.tabBar?.items.firstIndex(where: \.isSelected) else {
                return [.perform(.key(left ? .left : .right))]
            }
            return [.perform(.selectTab((selected + (left ? -1 : 1) + slots) % slots))]
        case .shiftLeft, .shiftRight:
            // Customizing: move the selected tab one slot (the model refuses fixed tabs and More).
            guard slots > 1, let selected = screen.tabBar?.items.firstIndex(where: \.isSelected) else { return [] }
            let next = selected + (key == .shiftLeft ? -1 : 1)
            guard (0..<slots).contains(next) else { return [] }
            return [.perform(.moveTab(from: selected, to: next))]
        case .escape, .backspace:
            if screen.isModal { return [.perform(.dismiss)] }
            if screen.backLabel != nil { return [.perform(.back)] }
            return [.perform(.key(key == .escape ? .escape : .backspace))]
        case .delete:
            return [.perform(.key(.delete))]
        case .control(let letter):
            switch letter {
            case "l": return [.repaint]
            case "c", "d": return [.quit]
            // Ctrl plus a letter types that letter's C0 control character (Ctrl-A is 0x01).
            default: return [.perform(.key(TabKey(rawValue: letter.unicodeScalars.first!.value - 0x60)))]
            }
        case .character(let scalar):
            if scalar == " ", let commands = flipFocusedToggle(on: screen) { return commands }
            if scalar == "q" { return [.quit] }
            if ("1"..."9").contains(scalar), Int(scalar.value) - 0x30 <= slots {
                return [.perform(.selectTab(Int(scalar.value) - 0x31))]
            }
            return [.perform(.key(TabKey(scalar: scalar)))]
        }
    }

    /// Enter on the focus: activates a row or button, flips a toggle, goes back into a field left
    /// with Esc; nil when nothing has the focus.
    private mutating func activateFocus(on screen: Screen, focusables: [ViewFocusable]) -> [FrontEndCommand]? {
        switch focused {
        case .action(let id): return [.perform(.activate(id))]
        case .field:
            interaction.isEditing = true
            return [.redraw]
        case .toggle: return flipFocusedToggle(on: screen)
        case nil: return nil
        }
    }

    private func flipFocusedToggle(on screen: Screen) -> [FrontEndCommand]? {
        guard case .toggle(let id) = focused, let isOn = Self.toggleState(id, in: screen.content) else { return nil }
        return [.perform(.toggle(id: id, isOn: !isOn))]
    }

    /// Opens the focused row's actions; nil when it has none.
    private mutating func openMenu(on screen: Screen) -> [FrontEndCommand]? {
        guard let focus else { return nil }
        let actions = Self.rowActions(at: focus, in: screen.content)
        guard !actions.isEmpty else { return nil }
        interaction.menu = RowActionMenu(actions: actions)
        return [.redraw]
    }

    private mutating func click(_ mouse: MouseEvent, on screen: Screen, focusables: [ViewFocusable]) -> [FrontEndCommand] {
        if mouse.isWheelUp || mouse.isWheelDown {
            // The wheel scrolls the content; the renderer keeps the focus on its row while in view.
            scroll = max(0, scroll + Self.wheelLines * (mouse.isWheelUp ? -1 : 1))
            followsFocus = false
            return [.redraw]
        }
        guard mouse.isLeftClick, let target = hitMap.target(column: mouse.column, row: mouse.row) else { return [] }
        switch target {
        case .back: return [.perform(.back)]
        case .dismiss: return [.perform(.dismiss)]
        case .tab(let index): return [.perform(.selectTab(index))]
        case .action(let id, let index):
            if let index, index < focusables.count { setFocus(index, in: focusables) }
            return [.perform(.activate(id))]
        case .field(_, let index):
            guard index < focusables.count else { return [] }
            setFocus(index, in: focusables)
            interaction.isEditing = true
            return [.redraw]
        case .toggle(let id, let isOn, let index):
            if index < focusables.count { setFocus(index, in: focusables) }
            return [.perform(.toggle(id: id, isOn: !isOn))]
        case .rowActions(let actions, let index):
            if let index, index < focusables.count { setFocus(index, in: focusables) }
            interaction.menu = RowActionMenu(actions: actions)
            return [.redraw]
        case .alertButton, .menuItem, .overlay:
            return []
        }
    }

    /// While an alert shows: Left/Right/Tab choose a button, Enter picks it, Esc picks the last,
    /// a click picks the one under it, `q` and Ctrl-C quit (an alert takes no text, and a module raising
    /// one after another must not keep the user in); nothing else does anything.
    private mutating func handleAlert(_ event: InputEvent, _ alert: ScreenAlert) -> [FrontEndCommand] {
        let count = alert.buttons.count
        let chosen = min(interaction.alertButton, count - 1)
        func answer(_ index: Int) -> [FrontEndCommand] {
            interaction.alertButton = 0
            return [.perform(.answerAlert(id: alert.id, button: alert.buttons[index]))]
        }
        switch event {
        case .key(.left), .key(.backTab), .key(.up):
            interaction.alertButton = (chosen - 1 + count) % count
            return [.redraw]
        case .key(.right), .key(.tab), .key(.down):
            interaction.alertButton = (chosen + 1) % count
            return [.redraw]
        case .key(.enter): return answer(chosen)
        // Esc, alone or with a key typed right after it (which the answer's new screen drops).
        case .key(.escape), .key(.alt), .key(.altEnter): return answer(count - 1)
        case .key(.control("c")), .key(.control("d")), .key(.character("q")): return [.quit]
        case .mouse(let mouse):
            guard mouse.isLeftClick, case .alertButton(let index) = hitMap.target(column: mouse.column, row: mouse.row),
                index < count
            else { return [] }
            return answer(index)
        default: return []
        }
    }

    /// While the row-action menu is open: Up/Down (Tab) choose, Enter picks, Esc closes, a click
    /// picks an entry or (outside the menu) closes it.
    private mutating func handleMenu(_ event: InputEvent) -> [FrontEndCommand] {
        guard var menu = interaction.menu else { return [] }
        let count = menu.actions.count
        switch event {
        case .key(.up), .key(.backTab), .key(.down), .key(.tab):
            let step = event == .key(.up) || event == .key(.backTab) ? -1 : 1
            menu.selected = (menu.selected + step + count) % count
            interaction.menu = menu
            return [.redraw]
        case .key(.enter):
            interaction.menu = nil
            return [.perform(.activate(menu.actions[menu.selected].action))]
        case .key(.escape), .key(.backspace), .key(.alt), .key(.altEnter):
            interaction.menu = nil
            return [.redraw]
        case .key(.control("c")), .key(.control("d")): return [.quit]
        case .key(.control("l")): return [.repaint]
        case .mouse(let mouse):
            guard mouse.isLeftClick else { return [] }
            switch hitMap.target(column: mouse.column, row: mouse.row) {
            case .menuItem(let index) where index < count:
                interaction.menu = nil
                return [.perform(.activate(menu.actions[index].action))]
            case .overlay: return []
            default:
                interaction.menu = nil
                return [.redraw]
            }
        default: return []
        }
    }

    private mutating func moveFocus(by step: Int, in focusables: [ViewFocusable]) {
        setFocus(min(max((focus ?? 0) + step, 0), focusables.count - 1), in: focusables)
    }

    /// Newlines and tabs as spaces: what a paste puts in a single-line field.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 })
    }

    static func field(_ id: String, in tree: ViewTree) -> ViewTextField? {
        for node in tree.nodes {
            if case .textField(let field) = node.unstyled, field.id == id { return field }
        }
        return nil
    }

    static func toggleState(_ id: String, in tree: ViewTree) -> Bool? {
        for node in tree.nodes {
            if case .toggle(let toggleID, _, let isOn) = node.unstyled, toggleID == id { return isOn }
        }
        return nil
    }

    /// The row actions of focusable `index` (a row or table row; none for anything else).
    static func rowActions(at index: Int, in tree: ViewTree) -> [ViewRowAction] {
        var next = 0
        for node in tree.nodes {
            switch node.unstyled {
            case .row(let row) where row.action != nil:
                if next == index { return row.rowActions }
                next += 1
            case .table(let table):
                for row in table.rows where row.action != nil {
                    if next == index { return row.rowActions }
                    next += 1
                }
            case .button, .textField, .toggle:
                next += 1
            default:
                break
            }
            if next > index { return [] }
        }
        return []
    }
}
