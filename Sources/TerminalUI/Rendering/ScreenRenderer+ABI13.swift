import TabKit

/// What the terminal draws of ABI 1.3: title-bar buttons, the shortcuts' footer, toasts and spans.
extension ScreenRenderer {
    /// The footer line for `shortcuts` (`/ Search  n New`); nil when there are none.
    static func footer(_ shortcuts: [ViewShortcut]) -> String? {
        guard !shortcuts.isEmpty else { return nil }
        return shortcuts.map { $0.keyName + " " + $0.label }.joined(separator: "  ")
    }

    /// Draws the title bar's buttons on `row`: leading ones after the Back label, trailing ones at the
    /// right end. An enabled one is focus index `firstIndex` onward (after the content's focusables)
    /// and clickable; a disabled one is dim and neither.
    func drawBarButtons(
        _ screen: Screen, into grid: inout CellGrid, hits: inout HitMap, row: Int, focus: Int?, firstIndex: Int
    ) {
        let buttons = screen.content.barButtons
        guard !buttons.isEmpty else { return }
        var index = firstIndex
        var indices: [Int?] = []
        for button in buttons {
            indices.append(button.isEnabled ? index : nil)
            if button.isEnabled { index += 1 }
        }
        func draw(_ offset: Int, at x: Int) -> Int {
            let button = buttons[offset]
            let text = "[" + button.label + "]"
            let focused = indices[offset] != nil && indices[offset] == focus
            let style = CellStyle(bold: button.isEnabled && !focused, dim: !button.isEnabled, reverse: focused)
            let used = grid.put(text, x: x, y: row, style: style, limit: max(0, grid.width - x))
            if let focusIndex = indices[offset] {
                hits.add(row: row, columns: x..<(x + used), .action(button.action, focusIndex: focusIndex))
            }
            return used
        }
        var x = screen.backLabel.map { DisplayWidth.of("‹ " + $0) + 1 } ?? 0
        for offset in buttons.indices where !buttons[offset].isTrailing {
            x += draw(offset, at: x) + 1
        }
        var right = grid.width
        for offset in buttons.indices.reversed() where buttons[offset].isTrailing {
            let width = DisplayWidth.of("[" + buttons[offset].label + "]")
            right -= width
            guard right >= x else { break }
            _ = draw(offset, at: right)
            right -= 1
        }
    }

    /// Draws `toast` over the content's last row: one line in its tone, reversed.
    func drawToast(_ toast: ScreenNote, into grid: inout CellGrid, row: Int) {
        guard row >= 0, row < grid.height else { return }
        let text = " " + DisplayWidth.truncate(toast.text, to: max(1, grid.width - 4)) + " "
        let width = DisplayWidth.of(text)
        let x = max(0, (grid.width - width) / 2)
        grid.put(text, x: x, y: row, style: styled(CellStyle(bold: true, reverse: true), toast.style))
    }

    /// Draws one line of runs, each in its style, from `x`; cut at `width` columns.
    func drawSpans(_ spans: [ViewSpan], into grid: inout CellGrid, x: Int, y: Int, width: Int, style: ViewStyle) {
        var x = x
        var left = width
        for span in spans where left > 0 {
            let used = grid.put(span.text, x: x, y: y, style: styled(CellStyle(), style.union(span.style)), limit: left)
            x += used
            left -= used
        }
    }
}
