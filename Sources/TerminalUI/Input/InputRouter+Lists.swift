import TabKit

extension InputRouter {
    /// Lines one notch of the wheel scrolls.
    static let wheelLines = 3
    /// Rows a front end asks a lazy list to draw at once (`TABHOST_WIRE_LIST_WINDOW_ROWS`).
    static let listWindowRows = 64
    /// The most rows it asks for at once (`TABHOST_WIRE_MAX_LIST_WINDOW`).
    static let maximumListWindowRows = 512

    /// True for a turn of the wheel.
    static func isWheel(_ event: InputEvent) -> Bool {
        if case .mouse(let mouse) = event { return mouse.isWheelUp || mouse.isWheelDown }
        return false
    }

    /// The `showRows` that keeps rows drawn around the focused row of a lazy list (ABI 1.3) once the
    /// focus comes within a few rows of the drawn window's edge, so Down and Page Down go on over
    /// every row of the list; nil when the window is fine.
    func listWindowRequest(on screen: Screen) -> ScreenAction? {
        guard case .action(let id)? = focusedItem else { return nil }
        for node in screen.content.nodes {
            guard case .list(let list) = node.unstyled, let offset = list.rows.firstIndex(where: { Self.action(of: $0) == id })
            else { continue }
            let index = list.start + offset
            let size = max(list.rows.count, 16)
            let margin = max(2, size / 8)
            if index >= list.window.upperBound - margin && list.window.upperBound < list.count {
                return .showRows(list: list.id, start: max(0, index - size / 4), count: size)
            }
            if index < list.window.lowerBound + margin && list.start > 0 {
                return .showRows(list: list.id, start: max(0, index - size * 3 / 4), count: size)
            }
            return nil
        }
        return nil
    }

    /// The `showRows` for the rows a frame showed as placeholders (a scroll, a kept frame): the module
    /// draws them, and the rows around, with the next render.
    static func listRowsRequests(for frame: RenderedFrame, on screen: Screen) -> [ScreenAction] {
        frame.missingListRows.sorted { $0.key < $1.key }.compactMap { id, rows in
            guard let list = lists(in: screen.content).first(where: { $0.id == id }) else { return nil }
            let window = listWindow(around: rows, count: list.count)
            return .showRows(list: id, start: window.lowerBound, count: window.count)
        }
    }

    /// A window of at least `listWindowRows` rows with `rows` in its middle, within the list: the same
    /// for End and for a scroll to the list's end, so the two ask for one window.
    static func listWindow(around rows: Range<Int>, count: Int) -> Range<Int> {
        let size = min(max(listWindowRows, rows.count + listWindowRows / 2), maximumListWindowRows)
        let start = max(0, min(rows.lowerBound - (size - rows.count) / 2, count - size))
        return start..<(start + size)
    }

    /// Home or End when the content's first or last focusable is a lazy list's row not drawn: the
    /// content scrolls to that end (its placeholders show), the list draws the rows there, and the
    /// focus goes to row 0 or the last row once a frame has it. Nil when that row is drawn (the
    /// focus moves there as to any focusable).
    mutating func goToListEdge(last: Bool, on screen: Screen) -> [FrontEndCommand]? {
        let nodes = last ? Array(screen.content.nodes.reversed()) : screen.content.nodes
        for node in nodes where !node.style.contains(.disabled) {
            switch node.unstyled {
            case .list(let list):
                guard list.count > 0, list.rows.isEmpty || list.rows.contains(where: { Self.action(of: $0) != nil }) else { continue }
                let index = last ? list.count - 1 : 0
                if list.row(at: index) != nil { return nil }
                pendingRow = (list.id, index)
                scroll = last ? Int(Int32.max) : 0
                followsFocus = false
                let window = Self.listWindow(around: index..<(index + 1), count: list.count)
                return [.redraw, .perform(.showRows(list: list.id, start: window.lowerBound, count: window.count))]
            case .row(let row) where row.action != nil: return nil
            case .table(let table) where table.rows.contains { $0.action != nil && !$0.style.contains(.disabled) }: return nil
            case .button, .textField, .toggle: return nil
            default: continue
            }
        }
        return nil
    }

    /// Up, Down, Page Up or Page Down (`step` rows) from a lazy list's focused row, or from the row an
    /// earlier key went to and the screen does not draw yet: a row not drawn is asked for, and takes
    /// the focus once a frame has it (keys pressed before it came add up). Nil for a move to a row
    /// drawn, or off the list (an ordinary move).
    mutating func stepInList(by step: Int, on screen: Screen) -> [FrontEndCommand]? {
        let lists = Self.lists(in: screen.content)
        let from: (list: ViewList, index: Int)?
        if let carried = carriedRow, let list = lists.first(where: { $0.id == carried.list }) {
            from = (list, carried.index)
        } else if case .action(let id)? = focusedItem {
            let list = lists.first { $0.rows.contains { Self.action(of: $0) == id } }
            from = list.flatMap { list in list.rows.firstIndex { Self.action(of: $0) == id }.map { (list, list.start + $0) } }
        } else {
            from = nil
        }
        guard let (list, index) = from else { return nil }
        let target = min(max(index + step, 0), list.count - 1)
        if let row = list.row(at: target), let action = Self.action(of: row) {
            guard carriedRow != nil else { return nil }
            _ = focus(id: action, on: screen)
            return [.redraw]
        }
        guard list.row(at: target) == nil else { return nil }
        pendingRow = (list.id, target)
        let window = Self.listWindow(around: target..<(target + 1), count: list.count)
        return [.perform(.showRows(list: list.id, start: window.lowerBound, count: window.count))]
    }

    /// Focuses the row a key went to once the screen draws it.
    mutating func takePendingRow(on screen: Screen) {
        guard let (list, index) = pendingRow else { return }
        if focus(id: list, row: index, on: screen) {
            pendingRow = nil
            followsFocus = true
        } else if !screen.content.containsList(list) {
            pendingRow = nil
        }
    }

    /// The lazy lists of `tree`, in order.
    static func lists(in tree: ViewTree) -> [ViewList] {
        tree.nodes.compactMap { if case .list(let list) = $0.unstyled { list } else { nil } }
    }

    /// The action of a lazy list's row (a row, or a one-row table).
    static func action(of row: ViewNode) -> String? {
        switch row.unstyled {
        case .row(let row): row.action
        case .table(let table): table.rows.first?.action
        default: nil
        }
    }
}
