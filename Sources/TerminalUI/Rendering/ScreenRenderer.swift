import TabKit

/// Draws a `Screen` into a `CellGrid` of any size and records what each region means for clicks.
///
/// Layout, top to bottom: title bar (Back label left, title centred), a rule, the tab bar when
/// it is at the top, the content (scrolled so the focus is visible; framed when modal), the tab
/// bar when at the bottom, the status line. Rules are dropped below 10 rows; the bar and status
/// are dropped before the last content row is.
package struct ScreenRenderer: Sendable {
    /// How to draw.
    public var options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// One line of laid-out content.
    indirect enum Line {
        case blank
        case header(String)
        case row(ViewRow, focusIndex: Int?)
        case text(String)
        /// One line of styled runs (ABI 1.3's `spans`, when they fit one line).
        case spans([ViewSpan])
        case button(String, action: String, focusIndex: Int)
        case image(String)
        /// One line of a text field: `text` as shown (bullets for a secure field), the placeholder
        /// when `isPlaceholder`, the cursor's column when the field is being edited.
        case field(id: String, text: String, isPlaceholder: Bool, cursor: Int?, focusIndex: Int)
        case toggle(id: String, label: String, isOn: Bool, focusIndex: Int)
        case progress(label: String?, fraction: Double?)
        /// A table's header line (`row` nil) or one of its rows, cells cut to `widths`.
        case tableRow(ViewTableRow?, cells: [String], widths: [Int], focusIndex: Int?)
        /// `line` drawn in a module's style.
        case styled(ViewStyle, Line)
        /// Rows `first..<first + count` of the lazy list `list` (ABI 1.3), not drawn: one dim line
        /// each, so the list keeps its height and the scroll its place until the rows come.
        case placeholders(list: String, first: Int, count: Int)

        /// The line without its style.
        var unstyled: Line {
            if case .styled(_, let line) = self { return line.unstyled }
            return self
        }
    }

    /// What a lazy list's row not drawn yet shows.
    static let placeholder = "⋯"

    /// The focus index of the focusable line in `shown` nearest to the lines below it (`below`) or above.
    func nearestFocus(in lines: ContentLines, shown: Range<Int>, below: Bool) -> Int? {
        guard shown.lowerBound < lines.count else { return nil }
        let first = lines.entry(at: shown.lowerBound).index
        let last = lines.entry(at: min(shown.upperBound, lines.count) - 1).index
        let entries = below ? Array((first...last).reversed()) : Array(first...last)
        return entries.lazy.compactMap { focusIndex(of: lines.lines[$0]) }.first
    }

    /// Draws `screen` at `width`×`height` with the focus on `focus` (index into
    /// `content.focusables`), the content scrolled from `scroll` (adjusted to keep the focus
    /// visible), and what the terminal adds: the fields' edit buffers, an alert's chosen button, a
    /// row-action menu.
    public func render(
        _ screen: Screen, width: Int, height: Int, focus: Int? = nil, scroll: Int = 0,
        interaction: InteractionState = InteractionState(), followFocus: Bool = true
    ) -> RenderedFrame {
        var grid = CellGrid(width: width, height: height)
        var hits = HitMap()
        let focusableCount = screen.terminalFocusables.count
        var focus = focusableCount == 0 ? nil : min(max(focus ?? 0, 0), focusableCount - 1)
        guard grid.width > 0, grid.height > 0 else {
            return RenderedFrame(
                grid: grid, hitMap: hits, focus: focus, scroll: 0, contentRows: 0, contentLines: 0,
                focusedItem: focus.map { screen.terminalFocusables[$0] }, missingListRows: [:])
        }
        let w = grid.width
        let h = grid.height

        // Decide which rows exist.
        let roomy = h >= 10 && w >= 20
        var available = h - 1
        let hasBar = screen.tabBar != nil && available >= 2
        if hasBar { available -= 1 }
        let hasStatus = screen.status != nil && available >= 2
        if hasStatus { available -= 1 }
        let footer = Self.footer(screen.content.shortcuts)
        let hasFooter = footer != nil && available >= 2
        if hasFooter { available -= 1 }
        let barAtTop = hasBar && screen.tabBar?.position == .top
        // A rule under the title (or under a top bar) and one above a bottom bar.
        let titleRule = roomy
        let barRule = roomy && hasBar && !barAtTop
        if titleRule { available -= 1 }
        if barRule { available -= 1 }

        var y = 0
        drawTitleBar(screen, into: &grid, hits: &hits, row: 0, framed: false)
        drawBarButtons(screen, into: &grid, hits: &hits, row: 0, focus: focus, firstIndex: screen.content.focusables.count)
        y += 1
        if titleRule && !barAtTop {
            drawRule(into: &grid, row: y)
            y += 1
        }
        if hasBar, let bar = screen.tabBar, bar.position == .top {
            drawTabBar(bar, into: &grid, hits: &hits, row: y)
            y += 1
            if titleRule {
                drawRule(into: &grid, row: y)
                y += 1
            }
        }
        let contentTop = y
        let contentRows = max(0, available)
        y += contentRows
        if hasBar, let bar = screen.tabBar, bar.position == .bottom {
            if barRule {
                drawRule(into: &grid, row: y)
                y += 1
            }
            drawTabBar(bar, into: &grid, hits: &hits, row: y)
            y += 1
        }
        if hasStatus, let status = screen.status {
            grid.put(" " + status, x: 0, y: h - 1, style: CellStyle(bold: !options.useColor, foreground: color(.yellow)))
        }
        if hasFooter, let footer {
            grid.put(" " + footer, x: 0, y: h - 1 - (hasStatus ? 1 : 0), style: CellStyle(dim: true), limit: w)
        }

        // Content, framed when modal and there is room.
        var x0 = 0
        var innerWidth = w
        var innerTop = contentTop
        var innerRows = contentRows
        if screen.isModal {
            if roomy && contentRows >= 3 && w >= 12 {
                drawFrame(into: &grid, hits: &hits, top: contentTop, rows: contentRows)
                x0 = 1
                innerWidth = w - 2
                innerTop = contentTop + 1
                innerRows = contentRows - 2
            } else {
                drawTitleBar(screen, into: &grid, hits: &hits, row: 0, framed: true)
            }
        }
        let margin = innerWidth >= 10 ? 1 : 0
        let textWidth = innerWidth - 2 * margin
        let lines = ContentLines(layout(screen.content, textWidth: textWidth, focus: focus, interaction: interaction))
        var scroll = max(0, scroll)
        let focusLine = focus.flatMap { focus in lines.lines.firstIndex { focusIndex(of: $0) == focus }.map { lines.starts[$0] } }
        if followFocus, let focus, let focusLine {
            if focusLine < scroll { scroll = focusLine }
            if focusLine >= scroll + innerRows { scroll = focusLine - innerRows + 1 }
            if focus == 0 && focusLine < innerRows { scroll = 0 }  // keep headers above the first item visible
        }
        scroll = min(scroll, max(0, lines.count - innerRows))
        let shown = scroll..<(scroll + max(0, innerRows))
        if !followFocus, let focusLine, !shown.contains(focusLine),
            let nearest = nearestFocus(in: lines, shown: shown, below: focusLine >= shown.upperBound)
        {
            // The wheel scrolled the focused row away: the focus moves to the nearest one in view.
            focus = nearest
        }
        var missing: [String: Range<Int>] = [:]
        for row in 0..<max(0, innerRows) {
            let index = scroll + row
            guard index < lines.count else { break }
            let (entry, offset) = lines.entry(at: index)
            let line = lines.lines[entry]
            if case .placeholders(let list, let first, _) = line.unstyled {
                let wanted = first + offset
                let known = missing[list] ?? wanted..<(wanted + 1)
                missing[list] = min(known.lowerBound, wanted)..<max(known.upperBound, wanted + 1)
            }
            draw(
                line, into: &grid, hits: &hits, x: x0, y: innerTop + row, width: innerWidth,
                margin: margin, focus: focus)
        }
        if innerRows > 0 && innerWidth > 2 {
            let dim = CellStyle(dim: true)
            if scroll > 0 { grid.put("▲", x: x0 + innerWidth - 1, y: innerTop, style: dim) }
            if scroll + innerRows < lines.count { grid.put("▼", x: x0 + innerWidth - 1, y: innerTop + innerRows - 1, style: dim) }
        }
        if let toast = interaction.toast, innerRows > 0 {
            drawToast(toast, into: &grid, row: innerTop + innerRows - 1)
        }
        if let menu = interaction.menu, screen.alert == nil {
            drawMenu(menu, into: &grid, hits: &hits)
        }
        if let alert = screen.alert {
            drawAlert(alert, selected: interaction.alertButton, into: &grid, hits: &hits)
        }
        return RenderedFrame(
            grid: grid, hitMap: hits, focus: focus, scroll: scroll, contentRows: max(0, innerRows),
            contentLines: lines.count, focusedItem: focus.map { screen.terminalFocusables[$0] }, missingListRows: missing)
    }

    /// A colour, or nil under NO_COLOR.
    func color(_ color: TerminalColor) -> TerminalColor? {
        options.useColor ? color : nil
    }

    // MARK: Title bar

    func drawTitleBar(_ screen: Screen, into grid: inout CellGrid, hits: inout HitMap, row: Int, framed: Bool) {
        let w = grid.width
        var leftUsed = 0
        var rightUsed = 0
        if !framed {
            grid.fill(x: 0, y: row, count: w)
            if let label = screen.backLabel {
                let text = "‹ " + DisplayWidth.truncate(label, to: max(1, w / 3 - 2))
                let used = grid.put(text, x: 0, y: row, style: CellStyle(bold: !options.useColor, foreground: color(.cyan)))
                hits.add(row: row, columns: 0..<used, .back)
                leftUsed = used + 1
            }
        } else {
            let hint = "Esc: dismiss"
            let hintWidth = DisplayWidth.of(hint)
            guard w >= hintWidth + 8 else {
                hits.add(row: row, columns: max(0, w - 1)..<w, .dismiss)
                return
            }
            // Clear the title area and redraw it leaving room for the hint.
            let x = w - hintWidth
            grid.fill(x: x - 1, y: row, count: hintWidth + 1)
            grid.put(hint, x: x, y: row, style: CellStyle(dim: true))
            hits.add(row: row, columns: x..<w, .dismiss)
            rightUsed = hintWidth + 1
            leftUsed = max(leftUsed, screen.backLabel.map { 3 + DisplayWidth.of(DisplayWidth.truncate($0, to: max(1, w / 3 - 2))) } ?? 0)
        }
        let side = max(leftUsed, rightUsed)
        let titleStyle = CellStyle(bold: true)
        let titleWidth = DisplayWidth.of(screen.title)
        if titleWidth <= w - 2 * side {
            let x = (w - titleWidth) / 2
            if framed { grid.fill(x: leftUsed, y: row, count: w - leftUsed - rightUsed) }
            grid.put(screen.title, x: x, y: row, style: titleStyle)
        } else {
            let room = w - leftUsed - rightUsed
            guard room > 0 else { return }
            if framed { grid.fill(x: leftUsed, y: row, count: room) }
            let title = DisplayWidth.truncate(screen.title, to: room)
            let x = leftUsed + (room - DisplayWidth.of(title)) / 2
            grid.put(title, x: x, y: row, style: titleStyle, limit: room)
        }
    }

    func drawRule(into grid: inout CellGrid, row: Int) {
        grid.fill(x: 0, y: row, count: grid.width, style: CellStyle(dim: true), character: "─")
    }

    func drawFrame(into grid: inout CellGrid, hits: inout HitMap, top: Int, rows: Int) {
        let w = grid.width
        let border = CellStyle(dim: true)
        let bottom = top + rows - 1
        grid.fill(x: 0, y: top, count: w, style: border, character: "─")
        grid.fill(x: 0, y: bottom, count: w, style: border, character: "─")
        grid.put("┌", x: 0, y: top, style: border)
        grid.put("┐", x: w - 1, y: top, style: border)
        grid.put("└", x: 0, y: bottom, style: border)
        grid.put("┘", x: w - 1, y: bottom, style: border)
        for y in (top + 1)..<bottom {
            grid.put("│", x: 0, y: y, style: border)
            grid.put("│", x: w - 1, y: y, style: border)
        }
        let hint = " Esc: dismiss "
        let hintWidth = DisplayWidth.of(hint)
        if w >= hintWidth + 4 {
            let x = w - 2 - hintWidth
            grid.put(hint, x: x, y: bottom, style: CellStyle())
            hits.add(row: bottom, columns: x..<(x + hintWidth), .dismiss)
        }
    }

    // MARK: Tab bar

    /// The column ranges of `count` evenly spread slots across `width` columns.
    static func slots(count: Int, width: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let base = width / count
        let extra = width % count
        var x = 0
        return (0..<count).map { i in
            let size = base + (i < extra ? 1 : 0)
            defer { x += size }
            return x..<(x + size)
        }
    }

    func drawTabBar(_ bar: TabBar, into grid: inout CellGrid, hits: inout HitMap, row: Int) {
        if let custom = bar.custom {
            drawCustomBar(custom, of: bar, into: &grid, hits: &hits, row: row)
            return
        }
        let slots = Self.slots(count: bar.items.count, width: grid.width)
        for (index, item) in bar.items.enumerated() {
            let slot = slots[index]
            let base = item.isSelected ? CellStyle(bold: true, reverse: true) : CellStyle()
            grid.fill(x: slot.lowerBound, y: row, count: slot.count, style: base)
            hits.add(row: row, columns: slot, .tab(index))
            let room = slot.count - (slot.count >= 4 ? 2 : 0)
            guard room > 0 else { continue }
            let glyph = item.glyph.map { $0 + " " } ?? ""
            let badge = item.badge.map { " (" + $0 + ")" } ?? ""
            var title = item.title
            var glyphPart = glyph
            var badgePart = badge
            let fixed = DisplayWidth.of(glyph) + DisplayWidth.of(badge)
            if fixed + DisplayWidth.of(title) > room {
                if room - fixed >= 2 {
                    title = DisplayWidth.truncate(title, to: room - fixed)
                } else {
                    // Too narrow for a title: glyph and badge, else whatever fits.
                    title = item.glyph == nil ? DisplayWidth.truncate(title, to: room - DisplayWidth.of(badge)) : ""
                    glyphPart = item.glyph ?? ""
                    if DisplayWidth.of(glyphPart + title + badgePart) > room { badgePart = "" }
                    if title.isEmpty && glyphPart.isEmpty { title = DisplayWidth.truncate(item.title, to: room) }
                }
            }
            let labelWidth = DisplayWidth.of(glyphPart + title + badgePart)
            var x = slot.lowerBound + max(0, (slot.count - labelWidth) / 2)
            let end = slot.upperBound
            x += grid.put(glyphPart + title, x: x, y: row, style: base, limit: end - x)
            if !badgePart.isEmpty && x < end {
                var badgeStyle = base
                badgeStyle.foreground = color(.red)
                grid.put(badgePart, x: x, y: row, style: badgeStyle, limit: end - x)
            }
        }
    }

    func drawCustomBar(_ tree: ViewTree, of bar: TabBar, into grid: inout CellGrid, hits: inout HitMap, row: Int) {
        var items: [(label: String, action: String?)] = []
        for node in tree.nodes {
            switch node.unstyled {
            case .button(let label, let action): items.append((label, action))
            case .text(let text): items.append((text, nil))
            case .row(let r): items.append(((r.glyph.map { $0 + " " } ?? "") + r.title, r.action))
            default: break
            }
        }
        let slots = Self.slots(count: items.count, width: grid.width)
        for (index, item) in items.enumerated() {
            let slot = slots[index]
            let label = DisplayWidth.truncate(item.label, to: slot.count)
            let x = slot.lowerBound + (slot.count - DisplayWidth.of(label)) / 2
            grid.put(label, x: x, y: row, limit: slot.upperBound - x)
            if let action = item.action {
                if let tab = bar.slot(forAction: action) {
                    hits.add(row: row, columns: slot, .tab(tab))
                } else {
                    hits.add(row: row, columns: slot, .action(action, focusIndex: nil))
                }
            }
        }
    }

    // MARK: Content

    func focusIndex(of line: Line) -> Int? {
        switch line {
        case .row(_, let index): index
        case .button(_, _, let index): index
        case .field(_, _, _, _, let index): index
        case .toggle(_, _, _, let index): index
        case .tableRow(_, _, _, let index): index
        case .styled(_, let line): focusIndex(of: line)
        default: nil
        }
    }

    /// Cells one text node may take once laid out (docs/user/limits.md): a backstop under the
    /// view's string limits, so no text costs the layout more than this whatever its width.
    static let maximumCellsPerNode = 32 * 1024

    /// The lines a text node may take at `textWidth` columns.
    static func maximumLines(_ textWidth: Int) -> Int { max(1, maximumCellsPerNode / max(1, textWidth)) }

    /// Lays the content out as lines for `textWidth` columns; fields show their edit buffers in
    /// `interaction`, the one at `focus` its cursor while it is being edited.
    func layout(_ tree: ViewTree, textWidth: Int, focus: Int? = nil, interaction: InteractionState = InteractionState()) -> [Line] {
        var lines: [Line] = []
        var nextFocus = 0
        func takeIndex() -> Int {
            defer { nextFocus += 1 }
            return nextFocus
        }
        func add(_ node: ViewNode) {
            var nodeLines: [Line] = []
            // A disabled node (ABI 1.3) takes no focus index: `ViewTree.focusables` leaves it out.
            let enabled = !node.style.contains(.disabled)
            func take() -> Int? { enabled ? takeIndex() : nil }
            switch node.unstyled {
            case .section(let title):
                if !lines.isEmpty { lines.append(.blank) }
                if let title { nodeLines.append(.header(title)) }
            case .row(let row):
                nodeLines.append(.row(row, focusIndex: row.action != nil ? take() : nil))
            case .text(let text):
                nodeLines += DisplayWidth.wrap(text, to: max(1, textWidth), maximumLines: Self.maximumLines(textWidth)).map { .text($0) }
            case .button(let label, let action):
                if let index = take() {
                    nodeLines.append(.button(label, action: action, focusIndex: index))
                } else {
                    nodeLines.append(.text("[ " + label + " ]"))
                }
            case .image(let path, let alt):
                let name = alt ?? "[image: " + (path.split(separator: "/").last.map(String.init) ?? path) + "]"
                nodeLines += DisplayWidth.wrap(name, to: max(1, textWidth), maximumLines: Self.maximumLines(textWidth)).map { .image($0) }
            case .textField(let field):
                guard let index = take() else {
                    nodeLines.append(.text(field.isSecure || field.value.isEmpty ? (field.placeholder ?? "") : field.value))
                    break
                }
                let editor = interaction.fields[field.id] ?? FieldEditor(text: field.value)
                let editing = interaction.isEditing && focus == index
                nodeLines += fieldLines(field, editor: editor, editing: editing, width: textWidth, focusIndex: index)
            case .toggle(let id, let label, let isOn):
                if let index = take() {
                    nodeLines.append(.toggle(id: id, label: label, isOn: isOn, focusIndex: index))
                } else {
                    nodeLines.append(.text((isOn ? "[x] " : "[ ] ") + label))
                }
            case .progress(let label, let fraction):
                nodeLines.append(.progress(label: label, fraction: fraction))
            case .table(let table):
                nodeLines += tableLines(table, width: textWidth) { $0.action != nil && !$0.style.contains(.disabled) ? take() : nil }
            case .spans(let spans) where DisplayWidth.of(spans.map(\.text).joined()) <= textWidth:
                nodeLines.append(.spans(spans))
            case .spans(let spans):
                nodeLines += DisplayWidth.wrap(
                    spans.map(\.text).joined(), to: max(1, textWidth), maximumLines: Self.maximumLines(textWidth)
                ).map { .text($0) }
            case .list(let list):
                addList(list, style: node.style)
                return
            case .styled:
                break  // `unstyled` never is
            }
            let style = node.style
            lines += style.isEmpty ? nodeLines : nodeLines.map { .styled(style, $0) }
        }
        /// A lazy list takes one line per row: placeholders for those not drawn, each drawn row's own
        /// line (a one-row table's header left out).
        func addList(_ list: ViewList, style: ViewStyle) {
            func put(_ line: Line) { lines.append(style.isEmpty ? line : .styled(style, line)) }
            let start = min(max(0, list.start), max(0, list.count))
            let drawn = list.rows.prefix(max(0, list.count - start))
            if start > 0 { put(.placeholders(list: list.id, first: 0, count: start)) }
            for row in drawn {
                let before = lines.count
                add(row)
                let line = lines[before...].last ?? .blank
                lines.removeSubrange(before...)
                put(line)
            }
            let after = list.count - start - drawn.count
            if after > 0 { put(.placeholders(list: list.id, first: start + drawn.count, count: after)) }
        }
        for node in tree.nodes { add(node) }
        return lines
    }

    func draw(
        _ line: Line, into grid: inout CellGrid, hits: inout HitMap, x x0: Int, y: Int, width: Int, margin: Int,
        focus: Int?, style: ViewStyle = []
    ) {
        let x = x0 + margin
        let avail = width - 2 * margin
        guard avail > 0 else { return }
        func st(_ cell: CellStyle) -> CellStyle { styled(cell, style) }
        switch line {
        case .blank:
            break
        case .styled(let inner, let line):
            draw(line, into: &grid, hits: &hits, x: x0, y: y, width: width, margin: margin, focus: focus, style: style.union(inner))
        case .header(let title):
            grid.put(title, x: x, y: y, style: st(CellStyle(bold: true, foreground: color(.blue))), limit: avail)
        case .text(let text):
            grid.put(text, x: x, y: y, style: st(CellStyle()), limit: avail)
        case .placeholders:
            grid.put(Self.placeholder, x: x, y: y, style: st(CellStyle(dim: true)), limit: avail)
        case .spans(let spans):
            drawSpans(spans, into: &grid, x: x, y: y, width: avail, style: style)
        case .image(let text):
            grid.put(text, x: x, y: y, style: st(CellStyle(dim: true)), limit: avail)
        case .button(let label, let action, let index):
            let focused = focus == index
            let text = "[ " + DisplayWidth.truncate(label, to: max(1, avail - 4)) + " ]"
            let used = grid.put(text, x: x, y: y, style: st(CellStyle(bold: !focused, reverse: focused)), limit: avail)
            hits.add(row: y, columns: x..<(x + used), .action(action, focusIndex: index))
        case .field, .toggle, .progress:
            drawInput(line, into: &grid, hits: &hits, x: x, y: y, width: avail, focus: focus, style: style)
        case .tableRow(let row, let cells, let widths, let index):
            drawTableRow(
                row, cells: cells, widths: widths, focusIndex: index, into: &grid, hits: &hits, x0: x0, y: y, width: width,
                margin: margin, focus: focus, style: style)
        case .row(let row, let index):
            let focused = index != nil && focus == index
            let reverse = focused
            if focused { grid.fill(x: x0, y: y, count: width, style: st(CellStyle(reverse: true))) }
            if let action = row.action, let index { hits.add(row: y, columns: x0..<(x0 + width), .action(action, focusIndex: index)) }
            let left = (row.glyph.map { $0 + " " } ?? "") + row.title
            var detail = row.detail ?? ""
            let badge = row.badge.map { "(" + $0 + ")" } ?? ""
            let chevron = row.action != nil ? "›" : ""
            let more = row.rowActions.isEmpty ? "" : Self.rowActionsHint
            let tail = [badge, chevron, more].filter { !$0.isEmpty }.joined(separator: " ")
            let tailWidth = DisplayWidth.of(tail)
            func rightWidth() -> Int {
                let parts = [detail, tail].filter { !$0.isEmpty }
                return parts.reduce(0) { $0 + DisplayWidth.of($1) } + max(0, parts.count - 1)
            }
            let leftWidth = DisplayWidth.of(left)
            if leftWidth + 2 + rightWidth() > avail, !detail.isEmpty {
                // Give the title at least half; the detail gets what is left.
                let leftRoom = max(min(leftWidth, avail / 2), avail - rightWidth() - 2)
                let detailRoom = avail - leftRoom - 2 - tailWidth - (tail.isEmpty ? 0 : 1)
                detail = detailRoom >= 2 ? DisplayWidth.truncate(detail, to: detailRoom) : ""
            }
            let right = rightWidth()
            let leftRoom = right == 0 ? avail : max(0, avail - right - 1)
            grid.put(left, x: x, y: y, style: st(CellStyle(reverse: reverse)), limit: leftRoom)
            var rx = x + avail - right
            if !detail.isEmpty {
                rx += grid.put(detail, x: rx, y: y, style: st(CellStyle(dim: !focused, reverse: reverse))) + 1
            }
            if !badge.isEmpty {
                let badgeStyle = CellStyle(bold: !options.useColor, reverse: reverse, foreground: color(.red))
                rx += grid.put(badge, x: rx, y: y, style: st(badgeStyle)) + 1
            }
            if !chevron.isEmpty {
                rx += grid.put(chevron, x: rx, y: y, style: st(CellStyle(dim: !focused, reverse: reverse))) + 1
            }
            if !more.isEmpty {
                let used = grid.put(more, x: rx, y: y, style: st(CellStyle(bold: focused, reverse: reverse)))
                hits.add(row: y, columns: rx..<(rx + used), .rowActions(row.rowActions, focusIndex: index))
            }
        }
    }
}
