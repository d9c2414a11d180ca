import TabKit

/// Focus management and key/mouse mapping of the terminal front end, free of any I/O.
///
/// Up/Down (and the wheel) move the focus among `content.focusableActions`, Tab/Shift-Tab cycle
/// it, Enter activates, Left/Right and digits 1–9 select tab slots, Esc/Backspace go back (or
/// dismiss a modal), `q` and Ctrl-C quit, Ctrl-L repaints, a click acts on what the hit map says
/// is there. Other keys go to the model as `.key(TabKey)`. Focus and scroll
/// are remembered per screen, so Back returns to the row that was left.
package struct InputRouter: Sendable {
    /// The focused item (index into `content.focusableActions`), nil when nothing is focusable.
    public private(set) var focus: Int?
    /// The first content line shown.
    public private(set) var scroll = 0
    private var focusedAction: String?
    private var identity: ScreenIdentity?
    private var remembered: [ScreenIdentity: (action: String?, focus: Int?, scroll: Int)] = [:]
    private var hitMap = HitMap()
    private var contentRows = 1

    /// Creates a router with nothing focused yet.
    public init() {}

    /// Adjusts focus for the screen about to be drawn: a new place restores its remembered focus
    /// (else the first item); the same place keeps the focused action id where it still exists.
    public mutating func prepare(for screen: Screen) {
        let id = ScreenIdentity(screen)
        if id != identity {
            if let identity { remembered[identity] = (focusedAction, focus, scroll) }
            let memory = remembered[id]
            focusedAction = memory?.action
            focus = memory?.focus
            scroll = memory?.scroll ?? 0
            identity = id
        }
        let actions = screen.content.focusableActions
        guard !actions.isEmpty else {
            focus = nil
            return
        }
        if let focusedAction, let index = nearestIndex(of: focusedAction, in: actions) {
            focus = index
        } else {
            focus = min(max(focus ?? 0, 0), actions.count - 1)
        }
        focusedAction = actions[focus!]
    }

    private func nearestIndex(of action: String, in actions: [String]) -> Int? {
        let around = focus ?? 0
        return actions.indices.filter { actions[$0] == action }.min { abs($0 - around) < abs($1 - around) }
    }

    /// Records what was drawn (clamped focus, scroll, the hit map for clicks).
    public mutating func didRender(_ frame: RenderedFrame) {
        focus = frame.focus
        scroll = frame.scroll
        hitMap = frame.hitMap
        contentRows = max(1, frame.contentRows)
    }

    /// The commands for one input event on `screen` (the screen last drawn).
    public mutating func handle(_ event: InputEvent, on screen: Screen) -> [FrontEndCommand] {
        let actions = screen.content.focusableActions
        let slots = screen.tabBar?.items.count ?? 0
        switch event {
        case .mouse(let mouse):
            if mouse.isWheelUp || mouse.isWheelDown {
                let step = mouse.isWheelUp ? -1 : 1
                if actions.isEmpty {
                    scroll = max(0, scroll + 3 * step)
                } else {
                    moveFocus(by: step, count: actions.count, actions: actions)
                }
                return [.redraw]
            }
            guard mouse.isLeftClick, let target = hitMap.target(column: mouse.column, row: mouse.row) else { return [] }
            switch target {
            case .back: return [.perform(.back)]
            case .dismiss: return [.perform(.dismiss)]
            case .tab(let index): return [.perform(.selectTab(index))]
            case .action(let id, let index):
                if let index {
                    focus = index
                    focusedAction = id
                }
                return [.perform(.activate(id))]
            }
        case .key(let key):
            switch key {
            case .up, .down, .pageUp, .pageDown, .home, .end:
                if actions.isEmpty {
                    let page = max(1, contentRows - 1)
                    switch key {
                    case .up: scroll = max(0, scroll - 1)
                    case .down: scroll += 1
                    case .pageUp: scroll = max(0, scroll - page)
                    case .pageDown: scroll += page
                    case .home: scroll = 0
                    default: scroll = Int(Int32.max)
                    }
                    if key == .up { return [.redraw, .perform(.key(.up))] }
                    if key == .down { return [.redraw, .perform(.key(.down))] }
                    return [.redraw]
                }
                let page = max(1, contentRows / 2)
                switch key {
                case .up: moveFocus(by: -1, count: actions.count, actions: actions)
                case .down: moveFocus(by: 1, count: actions.count, actions: actions)
                case .pageUp: moveFocus(by: -page, count: actions.count, actions: actions)
                case .pageDown: moveFocus(by: page, count: actions.count, actions: actions)
                case .home: moveFocus(by: -actions.count, count: actions.count, actions: actions)
                default: moveFocus(by: actions.count, count: actions.count, actions: actions)
                }
                return [.redraw]
            case .tab, .backTab:
                guard !actions.isEmpty else { return [] }
                let step = key == .tab ? 1 : -1
                let next = ((focus ?? 0) + step + actions.count) % actions.count
                focus = next
                focusedAction = actions[next]
                return [.redraw]
            case .enter:
                if let focus, focus < actions.count { return [.perform(.activate(actions[focus]))] }
                return [.perform(.key(.enter))]
            case .left, .right:
                guard slots > 0, let selected = screen.tabBar?.items.firstIndex(where: \.isSelected) else {
                    return [.perform(.key(key == .left ? .left : .right))]
                }
                let next = (selected + (key == .left ? -1 : 1) + slots) % slots
                return [.perform(.selectTab(next))]
            case .shiftLeft, .shiftRight:
                // Customizing: move the selected tab one slot (the model refuses fixed tabs and More).
                guard slots > 1, let selected = screen.tabBar?.items.firstIndex(where: \.isSelected) else { return [] }
                let next = selected + (key == .shiftLeft ? -1 : 1)
                guard (0..<slots).contains(next) else { return [] }
                return [.perform(.moveTab(from: selected, to: next))]
            case .escape, .backspace:
                if screen.isModal { return [.perform(.dismiss)] }
                if screen.backLabel != nil { return [.perform(.back)] }
                return [.perform(.key(TabKey(scalar: key == .escape ? "\u{1B}" : "\u{7F}")))]
            case .delete:
                return [.perform(.key(TabKey(scalar: "\u{7F}")))]
            case .control(let letter):
                switch letter {
                case "l": return [.repaint]
                case "c", "d": return [.quit]
                // Ctrl plus a letter types that letter's C0 control character (Ctrl-A is 0x01).
                default: return [.perform(.key(TabKey(rawValue: letter.unicodeScalars.first!.value - 0x60)))]
                }
            case .character(let scalar):
                if scalar == "q" { return [.quit] }
                if ("1"..."9").contains(scalar), Int(scalar.value) - 0x30 <= slots {
                    return [.perform(.selectTab(Int(scalar.value) - 0x31))]
                }
                return [.perform(.key(TabKey(scalar: scalar)))]
            }
        }
    }

    private mutating func moveFocus(by step: Int, count: Int, actions: [String]) {
        let next = min(max((focus ?? 0) + step, 0), count - 1)
        focus = next
        focusedAction = actions[next]
    }
}
