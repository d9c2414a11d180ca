import TabKit

extension ScreenRenderer {
    /// Columns between two table columns.
    static let columnGap = 2

    /// The lines of a table: a header line when any header is set, then one per row, every
    /// column as wide as its widest cell, narrowed (widest first) to fit `width`.
    /// `focusIndex` numbers the selectable rows in order.
    func tableLines(_ table: ViewTable, width: Int, focusIndex: (ViewTableRow) -> Int?) -> [Line] {
        let count = table.columnCount
        guard count > 0 else { return table.rows.map { .tableRow($0, cells: [], widths: [], focusIndex: focusIndex($0)) } }
        func flat(_ cell: String) -> String {
            cell.contains("\n") ? cell.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") : cell
        }
        func padded(_ cells: [String]) -> [String] {
            cells.prefix(count).map(flat) + Array(repeating: "", count: max(0, count - cells.count))
        }
        let header = table.headers.contains { !$0.isEmpty } ? padded(table.headers) : nil
        let rows = table.rows.map { padded($0.cells) }
        var natural = Array(repeating: 0, count: count)
        for cells in (header.map { [$0] } ?? []) + rows {
            for (i, cell) in cells.enumerated() { natural[i] = max(natural[i], DisplayWidth.of(cell)) }
        }
        // Room for the row-actions hint at the end when a row has some.
        let hint = table.rows.contains { !$0.rowActions.isEmpty } ? DisplayWidth.of(Self.rowActionsHint) + 1 : 0
        let widths = Self.columnWidths(natural, fitting: width - hint - Self.columnGap * (count - 1))
        var lines: [Line] = []
        if let header { lines.append(.tableRow(nil, cells: header, widths: widths, focusIndex: nil)) }
        for (row, cells) in zip(table.rows, rows) {
            let line = Line.tableRow(row, cells: cells, widths: widths, focusIndex: focusIndex(row))
            lines.append(row.style.isEmpty ? line : .styled(row.style, line))
        }
        return lines
    }

    /// Column widths no wider than `natural` and summing to at most `room`: the widest columns
    /// give up columns first (each keeps at least one).
    static func columnWidths(_ natural: [Int], fitting room: Int) -> [Int] {
        guard natural.reduce(0, +) > room, let widest = natural.max() else { return natural }
        // The largest cap under which the capped widths fit.
        var low = 1
        var high = widest
        while low < high {
            let mid = (low + high + 1) / 2
            if natural.reduce(0, { $0 + min($1, mid) }) <= room { low = mid } else { high = mid - 1 }
        }
        return natural.map { max(1, min($0, low)) }
    }

    func drawTableRow(
        _ row: ViewTableRow?, cells: [String], widths: [Int], focusIndex index: Int?, into grid: inout CellGrid, hits: inout HitMap,
        x0: Int, y: Int, width: Int, margin: Int, focus: Int?, style: ViewStyle
    ) {
        let x = x0 + margin
        let avail = width - 2 * margin
        let focused = index != nil && focus == index
        let base = CellStyle(bold: row == nil, reverse: focused)
        if focused { grid.fill(x: x0, y: y, count: width, style: styled(base, style)) }
        if let action = row?.action, let index { hits.add(row: y, columns: x0..<(x0 + width), .action(action, focusIndex: index)) }
        var column = x
        for (cell, cellWidth) in zip(cells, widths) {
            guard column < x + avail else { break }
            grid.put(cell, x: column, y: y, style: styled(base, style), limit: min(cellWidth, x + avail - column))
            column += cellWidth + Self.columnGap
        }
        if let row, !row.rowActions.isEmpty {
            let hintX = x + avail - DisplayWidth.of(Self.rowActionsHint)
            let used = grid.put(Self.rowActionsHint, x: hintX, y: y, style: styled(CellStyle(bold: focused, reverse: focused), style))
            hits.add(row: y, columns: hintX..<(hintX + used), .rowActions(row.rowActions, focusIndex: index))
        }
    }
}
