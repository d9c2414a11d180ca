import TabKit

extension ScreenRenderer {
    /// Draws `alert` in a box centred over everything: title, message, then the buttons with
    /// button `selected` highlighted; each button is a click target.
    func drawAlert(_ alert: ScreenAlert, selected: Int, into grid: inout CellGrid, hits: inout HitMap) {
        let w = grid.width
        let h = grid.height
        guard w >= 8, h >= 3 else { return }
        let labels = alert.buttons.map { "[ " + $0 + " ]" }
        let buttonsWidth = labels.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, labels.count - 1)
        let messageWidth = alert.message.map { DisplayWidth.wrap($0, to: 50).map(DisplayWidth.of).max() ?? 0 } ?? 0
        let inner = min(w - 4, max(DisplayWidth.of(alert.title), buttonsWidth, messageWidth, 20))
        var message = alert.message.map { DisplayWidth.wrap($0, to: inner) } ?? []
        // Border, title, a blank line, (the message and a blank line,) the buttons, border.
        let chrome = alert.message == nil ? 5 : 6
        message = Array(message.prefix(max(0, h - chrome)))
        let boxHeight = min(h, chrome + message.count)
        let box = (x: (w - inner - 4) / 2, y: (h - boxHeight) / 2, width: inner + 4, height: boxHeight)
        drawBox(box, into: &grid, hits: &hits)
        var y = box.y + 1
        let title = DisplayWidth.truncate(alert.title, to: inner)
        grid.put(title, x: box.x + 2 + (inner - DisplayWidth.of(title)) / 2, y: y, style: CellStyle(bold: true))
        y += 1
        if alert.message != nil {
            y += 1
            for line in message where y < box.y + box.height - 2 {
                grid.put(line, x: box.x + 2, y: y, limit: inner)
                y += 1
            }
        }
        let buttonsRow = box.y + box.height - 2
        guard buttonsRow > box.y else { return }
        // Labels cut evenly when the buttons are wider than the box.
        let share = max(5, (inner - 2 * (labels.count - 1)) / max(1, labels.count))
        let shown = buttonsWidth <= inner ? labels : alert.buttons.map { "[ " + DisplayWidth.truncate($0, to: max(1, share - 4)) + " ]" }
        let shownWidth = shown.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, shown.count - 1)
        var x = box.x + 2 + max(0, (inner - shownWidth) / 2)
        for (index, label) in shown.enumerated() {
            let limit = box.x + box.width - 2 - x
            guard limit > 0 else { break }
            let used = grid.put(
                label, x: x, y: buttonsRow, style: CellStyle(bold: index != selected, reverse: index == selected), limit: limit)
            hits.add(row: buttonsRow, columns: x..<(x + used), .alertButton(index))
            x += used + 2
        }
    }

    /// Draws the row-action menu in a box centred over the content, entry `menu.selected` highlighted.
    func drawMenu(_ menu: RowActionMenu, into grid: inout CellGrid, hits: inout HitMap) {
        let w = grid.width
        let h = grid.height
        guard w >= 8, h >= 3, !menu.actions.isEmpty else { return }
        let hint = "Enter: pick  Esc: close"
        let widest = menu.actions.map { DisplayWidth.of($0.label) }.max() ?? 0
        let inner = min(w - 4, max(widest + 2, DisplayWidth.of(hint)))
        let rows = min(menu.actions.count, max(1, h - 3))
        let box = (x: (w - inner - 4) / 2, y: max(0, (h - rows - 3) / 2), width: inner + 4, height: min(h, rows + 3))
        drawBox(box, into: &grid, hits: &hits)
        // Scrolled so the chosen entry shows when there are more than fit.
        let first = max(0, min(menu.selected - rows + 1, menu.actions.count - rows))
        for row in 0..<rows {
            let index = first + row
            let y = box.y + 1 + row
            let chosen = index == menu.selected
            if chosen { grid.fill(x: box.x + 1, y: y, count: box.width - 2, style: CellStyle(reverse: true)) }
            grid.put(menu.actions[index].label, x: box.x + 2, y: y, style: CellStyle(reverse: chosen), limit: inner)
            hits.add(row: y, columns: (box.x + 1)..<(box.x + box.width - 1), .menuItem(index))
        }
        if box.height == rows + 3 {
            grid.put(hint, x: box.x + 2, y: box.y + box.height - 2, style: CellStyle(dim: true), limit: inner)
        }
    }

    /// Clears a box and draws its border; clicks inside it hit nothing underneath.
    func drawBox(_ box: (x: Int, y: Int, width: Int, height: Int), into grid: inout CellGrid, hits: inout HitMap) {
        let border = CellStyle(bold: true)
        let right = box.x + box.width - 1
        let bottom = box.y + box.height - 1
        for y in box.y...bottom {
            grid.fill(x: box.x, y: y, count: box.width)
            hits.add(row: y, columns: box.x..<(box.x + box.width), .overlay)
        }
        grid.fill(x: box.x, y: box.y, count: box.width, style: border, character: "─")
        grid.fill(x: box.x, y: bottom, count: box.width, style: border, character: "─")
        for y in box.y...bottom {
            grid.put("│", x: box.x, y: y, style: border)
            grid.put("│", x: right, y: y, style: border)
        }
        grid.put("┌", x: box.x, y: box.y, style: border)
        grid.put("┐", x: right, y: box.y, style: border)
        grid.put("└", x: box.x, y: bottom, style: border)
        grid.put("┘", x: right, y: bottom, style: border)
    }
}
