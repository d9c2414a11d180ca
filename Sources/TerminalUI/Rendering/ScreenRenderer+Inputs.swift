import TabKit

extension ScreenRenderer {
    /// Drawn at the end of a row that has row actions (Alt-Enter or a click on it opens them).
    static let rowActionsHint = "⋯"
    /// Drawn for each character of a secure field.
    static let bullet: Character = "•"
    /// The fewest lines a multiline field takes.
    static let multilineRows = 3

    /// `cell` in a module's style: bold and dim add to it; error, warning and success colour it
    /// (red, yellow, green; bold under NO_COLOR, which has no colour to show); monospace changes
    /// nothing, since a terminal's font is.
    func styled(_ cell: CellStyle, _ style: ViewStyle) -> CellStyle {
        guard !style.isEmpty else { return cell }
        var cell = cell
        if style.contains(.bold) { cell.bold = true }
        if style.contains(.dim) || style.contains(.disabled) { cell.dim = true }
        if let tone = style.tone {
            let tint: TerminalColor = tone == .error ? .red : tone == .warning ? .yellow : .green
            if options.useColor {
                cell.foreground = tint
            } else {
                cell.bold = true
            }
        }
        return cell
    }

    /// The lines of a text field: one for a single-line field (scrolled sideways to keep the
    /// cursor in view), at least `multilineRows` for a multiline one (wrapped).
    func fieldLines(_ field: ViewTextField, editor: FieldEditor, editing: Bool, width: Int, focusIndex: Int) -> [Line] {
        let width = max(2, width)
        let shown: [Character] = field.isSecure ? Array(repeating: Self.bullet, count: editor.characters.count) : editor.characters
        let cursor = editing ? editor.cursor : nil
        if shown.isEmpty, let placeholder = field.placeholder, !placeholder.isEmpty {
            let text = field.isMultiline ? placeholder : placeholder.split(separator: "\n").first.map(String.init) ?? ""
            var lines = [Line.field(id: field.id, text: text, isPlaceholder: true, cursor: cursor.map { _ in 0 }, focusIndex: focusIndex)]
            if field.isMultiline {
                lines += Array(
                    repeating: .field(id: field.id, text: "", isPlaceholder: false, cursor: nil, focusIndex: focusIndex),
                    count: Self.multilineRows - 1)
            }
            return lines
        }
        // Keep a column free at the end of every line for the cursor.
        let room = width - 1
        if !field.isMultiline {
            let flat = shown.map { $0 == "\n" ? " " : $0 }
            // From the cursor back, as much as fits: the cursor ends at the right edge when the text is longer.
            var start = 0
            if let cursor {
                start = cursor
                var before = 0
                while start > 0, before + DisplayWidth.of(flat[start - 1]) <= room {
                    before += DisplayWidth.of(flat[start - 1])
                    start -= 1
                }
            }
            var text = ""
            var used = 0
            for character in flat[start...] {
                let w = DisplayWidth.of(character)
                if used + w > room { break }
                text.append(character)
                used += w
            }
            let column = cursor.map { DisplayWidth.of(String(flat[start..<$0])) }
            return [.field(id: field.id, text: text, isPlaceholder: false, cursor: column, focusIndex: focusIndex)]
        }
        var lines: [(text: String, cursor: Int?)] = [("", nil)]
        var used = 0
        for (index, character) in shown.enumerated() {
            if index == cursor { lines[lines.count - 1].cursor = used }
            if character == "\n" {
                lines.append(("", nil))
                used = 0
                continue
            }
            let w = DisplayWidth.of(character)
            if used + w > room {
                lines.append(("", nil))
                used = 0
            }
            lines[lines.count - 1].text.append(character)
            used += w
        }
        if cursor == shown.count { lines[lines.count - 1].cursor = used }
        while lines.count < Self.multilineRows { lines.append(("", nil)) }
        return lines.map { .field(id: field.id, text: $0.text, isPlaceholder: false, cursor: $0.cursor, focusIndex: focusIndex) }
    }

    /// Draws a field line, a toggle or a progress bar at (`x`, `y`) within `width` columns.
    func drawInput(_ line: Line, into grid: inout CellGrid, hits: inout HitMap, x: Int, y: Int, width: Int, focus: Int?, style: ViewStyle) {
        switch line {
        case .field(let id, let text, let isPlaceholder, let cursor, let index):
            let focused = focus == index
            let editing = cursor != nil
            // Underlined while it takes keys or waits for them; reversed when focused but left (Esc).
            let base = CellStyle(bold: editing, underline: !focused || editing, reverse: focused && !editing)
            grid.fill(x: x, y: y, count: width, style: styled(base, style))
            var textStyle = base
            textStyle.dim = isPlaceholder
            grid.put(text, x: x, y: y, style: styled(textStyle, style), limit: width)
            if let cursor, cursor < width, x + cursor < grid.width {
                let under = grid[x + cursor, y]
                var cursorStyle = textStyle
                cursorStyle.reverse = true
                grid.put(under.isContinuation ? " " : under.text, x: x + cursor, y: y, style: styled(cursorStyle, style))
            }
            hits.add(row: y, columns: x..<(x + width), .field(id, focusIndex: index))
        case .toggle(let id, let label, let isOn, let index):
            let focused = focus == index
            let text = (isOn ? "[x] " : "[ ] ") + label
            let used = grid.put(text, x: x, y: y, style: styled(CellStyle(reverse: focused), style), limit: width)
            hits.add(row: y, columns: x..<(x + max(used, 3)), .toggle(id, isOn: isOn, focusIndex: index))
        case .progress(let label, let fraction):
            var x = x
            var width = width
            if let label, !label.isEmpty {
                let used = grid.put(label, x: x, y: y, style: styled(CellStyle(), style), limit: max(1, width / 3))
                x += used + 1
                width -= used + 1
            }
            let percent = fraction.map { String(Int((min(max($0, 0), 1) * 100).rounded(.down))) }
            let suffix = percent.map { " " + String(repeating: " ", count: max(0, 3 - $0.count)) + $0 + "%" } ?? " …"
            let barWidth = width - 2 - DisplayWidth.of(suffix)
            guard barWidth >= 1 else {
                grid.put(String(suffix.drop { $0 == " " }), x: x, y: y, style: styled(CellStyle(), style), limit: max(0, width))
                return
            }
            var bar = "["
            if let fraction {
                let filled = Int((Double(barWidth) * min(max(fraction, 0), 1)).rounded(.down))
                bar += String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            } else {
                // Indeterminate: a marker in the middle of an empty bar.
                let marker = min(barWidth, 3)
                let before = (barWidth - marker) / 2
                bar +=
                    String(repeating: "░", count: before) + String(repeating: "▒", count: marker)
                    + String(repeating: "░", count: barWidth - marker - before)
            }
            bar += "]"
            let tint = CellStyle(foreground: color(.cyan))
            grid.put(bar, x: x, y: y, style: styled(tint, style), limit: width)
            grid.put(suffix, x: x + barWidth + 2, y: y, style: styled(CellStyle(), style), limit: width - barWidth - 2)
        default:
            break
        }
    }
}
