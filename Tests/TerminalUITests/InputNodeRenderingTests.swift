import TabKit
import Testing

@testable import TerminalUI

/// How the terminal draws the ABI 1.2 nodes: fields, toggles, progress bars, styles, tables, row
/// actions, the row-action menu and alerts.
struct InputNodeRenderingTests {
    static let plain = ScreenRenderer(options: RenderOptions(useColor: false))
    static let colour = ScreenRenderer(options: RenderOptions(useColor: true))

    func frame(
        _ nodes: [ViewNode], width: Int = 40, height: Int = 12, focus: Int? = nil, interaction: InteractionState = InteractionState(),
        alert: ScreenAlert? = nil, renderer: ScreenRenderer = plain
    ) -> RenderedFrame {
        renderer.render(
            Screen(title: "Form", content: ViewTree(nodes), alert: alert), width: width, height: height, focus: focus,
            interaction: interaction)
    }

    /// The content lines (below the title and its rule), trailing spaces trimmed.
    func content(_ frame: RenderedFrame) -> [String] {
        Array(frame.grid.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map(String.init))
    }

    /// The column of the first cell of row `y` showing `text`.
    func column(of text: String, row y: Int, in grid: CellGrid) -> Int? {
        var x = 0
        while x < grid.width {
            if grid.line(y).isEmpty { return nil }
            if grid[x, y].text == String(text.first!) {
                var matched = true
                var cx = x
                for character in text {
                    guard cx < grid.width, grid[cx, y].text == String(character) else {
                        matched = false
                        break
                    }
                    cx += max(1, DisplayWidth.of(character))
                }
                if matched { return x }
            }
            x += 1
        }
        return nil
    }

    @Test func fieldsShowValuePlaceholderBulletsAndLines() {
        let nodes: [ViewNode] = [
            .textField(ViewTextField(id: "name", value: "Ada")),
            .textField(ViewTextField(id: "city", placeholder: "City")),
            .textField(ViewTextField(id: "pin", value: "", isSecure: true)),
            .textField(ViewTextField(id: "notes", value: "one\ntwo", isMultiline: true)),
        ]
        var interaction = InteractionState()
        interaction.fields["pin"] = FieldEditor(text: "secret")
        let frame = frame(nodes, interaction: interaction)
        let lines = content(frame)
        #expect(lines[0] == " Ada")
        #expect(lines[1] == " City")
        #expect(lines[2] == " ••••••")
        #expect(!frame.grid.text.contains("secret"))
        #expect(Array(lines[3...5]) == [" one", " two", ""])  // a multiline field takes at least three lines
        // Underlined input lines (the first field has the focus: highlighted); the placeholder dim.
        #expect(frame.grid[1, 3].style.underline && frame.grid[30, 3].style.underline && frame.grid[1, 2].style.reverse)
        #expect(frame.grid[1, 3].style.dim && !frame.grid[1, 2].style.dim)
        #expect(frame.hitMap.target(column: 10, row: 4) == .field("pin", focusIndex: 2))
    }

    @Test func theCursorIsAReverseCellAtTheEditPositionWhileEditing() {
        var interaction = InteractionState()
        var editor = FieldEditor(text: "日本語x")
        editor.moveLeft()
        editor.moveLeft()  // before 語
        interaction.fields["f"] = editor
        interaction.isEditing = true
        let nodes: [ViewNode] = [.textField(ViewTextField(id: "f"))]
        let editing = frame(nodes, focus: 0, interaction: interaction)
        // Margin 1, then 日 and 本 take two columns each: the cursor is on 語 at column 5.
        #expect(editing.grid[5, 2].text == "語" && editing.grid[5, 2].style.reverse)
        #expect(!editing.grid[1, 2].style.reverse && !editing.grid[7, 2].style.reverse)
        // Left with Esc: no cursor; the whole field is highlighted as the focus.
        interaction.isEditing = false
        let left = frame(nodes, focus: 0, interaction: interaction)
        #expect(left.grid[1, 2].style.reverse && left.grid[5, 2].style.reverse)
        // Not focused: no highlight at all.
        let unfocused = frame(nodes + [.toggle(id: "t", label: "T", isOn: false)], focus: 1, interaction: interaction)
        #expect(!unfocused.grid[5, 2].style.reverse)
    }

    @Test func aLongSingleLineFieldScrollsToKeepTheCursorInView() {
        var interaction = InteractionState()
        interaction.fields["f"] = FieldEditor(text: String(repeating: "a", count: 50) + "END")
        interaction.isEditing = true
        let frame = frame([.textField(ViewTextField(id: "f"))], width: 30, focus: 0, interaction: interaction)
        #expect(content(frame)[0].hasSuffix("aEND"))
        #expect(DisplayWidth.of(frame.grid.line(2)) == 30)
        // A field at its limit: only the part in view is measured.
        interaction.fields["f"] = FieldEditor(text: String(repeating: "日", count: FieldEditor.maximumBytes / 3) + "Z")
        let full = self.frame([.textField(ViewTextField(id: "f"))], width: 30, focus: 0, interaction: interaction)
        #expect(content(full)[0].hasSuffix("日Z"))
    }

    @Test func togglesShowTheirStateAndTheFocus() {
        let frame = frame([.toggle(id: "wifi", label: "Wi-Fi", isOn: true), .toggle(id: "bt", label: "Bluetooth", isOn: false)], focus: 1)
        #expect(Array(content(frame)[0...1]) == [" [x] Wi-Fi", " [ ] Bluetooth"])
        #expect(frame.grid[1, 3].style.reverse && !frame.grid[1, 2].style.reverse)
        #expect(frame.hitMap.target(column: 2, row: 2) == .toggle("wifi", isOn: true, focusIndex: 0))
    }

    @Test func progressBarsUseTheWidthWithTheirPercentage() {
        let frame = frame([
            .progress(label: "Copying", fraction: 0.5), .progress(label: nil, fraction: nil), .progress(label: nil, fraction: 1),
        ])
        let lines = content(frame)
        #expect(lines[0].hasPrefix(" Copying [") && lines[0].hasSuffix("]  50%"))
        #expect(DisplayWidth.of(lines[0]) == 39)  // to the right margin
        let bar = lines[0].drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
        #expect(bar.filter { $0 == "█" }.count == bar.count / 2)
        #expect(lines[1].hasSuffix("] …") && lines[1].contains("▒") && !lines[1].contains("█"))
        #expect(lines[2].hasSuffix("] 100%") && !lines[2].contains("░"))
    }

    @Test func stylesAreSGRAttributesAndColours() {
        let nodes: [ViewNode] = [
            .styling(.text("bold"), .bold), .styling(.text("dim"), .dim), .styling(.text("error"), [.error, .warning]),
            .styling(.text("warning"), .warning), .styling(.text("success"), .success), .styling(.text("mono"), .monospace),
            .styling(.row(ViewRow(title: "failing row", action: "r")), .error),
        ]
        let coloured = frame(nodes, renderer: Self.colour).grid
        #expect(coloured[1, 2].style.bold && !coloured[1, 2].style.dim)
        #expect(coloured[1, 3].style.dim)
        #expect(coloured[1, 4].style.foreground == .red)  // error wins over warning
        #expect(coloured[1, 5].style.foreground == .yellow)
        #expect(coloured[1, 6].style.foreground == .green)
        #expect(coloured[1, 7].style == CellStyle())  // monospace: the terminal's font already is
        #expect(coloured[1, 8].style.foreground == .red)
        // Under NO_COLOR a tone is bold, so it still stands out.
        let plain = frame(nodes).grid
        #expect(plain[1, 4].style.bold && plain[1, 4].style.foreground == nil)
        // The SGR sequence the terminal gets.
        #expect(CellStyle(bold: true, foreground: .red).sgrParameters == "0;1;31")
    }

    @Test func tableColumnsAlignByDisplayWidth() {
        let table = ViewTable(
            headers: ["City", "Country", "People"],
            rows: [
                ViewTableRow(cells: ["東京", "日本", "14 M"], action: "tokyo"),
                ViewTableRow(cells: ["Paris", "France", "2 M"], action: "paris"),
                ViewTableRow(cells: ["Ulm", "Deutschland"]),
            ])
        let frame = frame([.table(table)], width: 40, focus: 1)
        let grid = frame.grid
        #expect(content(frame)[0] == " City   Country      People")
        // Each column starts at the same column on every line, wide characters or not.
        #expect(column(of: "日本", row: 3, in: grid) == column(of: "Country", row: 2, in: grid))
        #expect(column(of: "France", row: 4, in: grid) == column(of: "Country", row: 2, in: grid))
        #expect(column(of: "14 M", row: 3, in: grid) == column(of: "People", row: 2, in: grid))
        #expect(grid[1, 2].style.bold && !grid[1, 3].style.bold)  // headers bold
        #expect(grid[1, 4].style.reverse && !grid[1, 3].style.reverse)  // focus 1 is Paris
        #expect(frame.hitMap.target(column: 3, row: 3) == .action("tokyo", focusIndex: 0))
        #expect(frame.hitMap.target(column: 3, row: 5) == nil)  // Ulm has no action
    }

    @Test func tooWideCellsAreCutWithAnEllipsis() {
        let table = ViewTable(headers: [], rows: [ViewTableRow(cells: ["short", String(repeating: "long ", count: 20), "x"])])
        let frame = frame([.table(table)], width: 30)
        let line = content(frame)[0]
        #expect(line.contains("…") && line.hasPrefix(" short  "))
        #expect(DisplayWidth.of(frame.grid.line(2)) == 30)
        #expect(ScreenRenderer.columnWidths([5, 100, 1], fitting: 24) == [5, 18, 1])
    }

    @Test func rowsWithRowActionsShowAHintAndTheMenuListsThem() {
        let actions = [ViewRowAction(label: "Delete", action: "delete.1"), ViewRowAction(label: "Archive", action: "archive.1")]
        let nodes: [ViewNode] = [
            .row(ViewRow(title: "Mail 1", action: "open.1", rowActions: actions)),
            .table(ViewTable(headers: ["A"], rows: [ViewTableRow(cells: ["x"], action: "t", rowActions: actions)])),
        ]
        let closed = frame(nodes, focus: 0)
        let lines = content(closed)
        #expect(lines[0].hasSuffix("› ⋯") && lines[2].hasSuffix("⋯"))
        let hint = closed.grid.line(2).count - 2
        #expect(closed.hitMap.target(column: hint, row: 2) == .rowActions(actions, focusIndex: 0))
        var interaction = InteractionState()
        interaction.menu = RowActionMenu(actions: actions)
        interaction.menu?.selected = 1
        let open = frame(nodes, focus: 0, interaction: interaction)
        let text = open.grid.text
        #expect(text.contains("Delete") && text.contains("Archive") && text.contains("Enter: pick  Esc: close"))
        let archiveRow = (0..<open.grid.height).first { open.grid.line($0).contains("Archive") }!
        let x = column(of: "Archive", row: archiveRow, in: open.grid)!
        #expect(open.grid[x, archiveRow].style.reverse)
        #expect(open.hitMap.target(column: x, row: archiveRow) == .menuItem(1))
    }

    @Test func anAlertIsACentredBoxOverEverything() {
        let alert = ScreenAlert(id: "quit", title: "Discard changes?", message: "Your draft will be lost.", buttons: ["Keep", "Discard"])
        var interaction = InteractionState()
        interaction.alertButton = 1
        let frame = frame(
            [.row(ViewRow(title: "Draft", action: "d"))], width: 60, height: 16, focus: 0, interaction: interaction, alert: alert)
        let grid = frame.grid
        let rows = (0..<grid.height).map(grid.line)
        let top = rows.firstIndex { $0.contains("┌") }!
        let bottom = rows.firstIndex { $0.contains("└") }!
        #expect(rows[top + 1].contains("Discard changes?") && rows[top + 3].contains("Your draft will be lost."))
        #expect(rows[bottom - 1].contains("[ Keep ]  [ Discard ]"))
        // Centred: as much room left as right, and as much above as below (within one).
        let left = (0..<grid.width).first { grid[$0, top].text == "┌" }!
        let right = (0..<grid.width).first { grid[$0, top].text == "┐" }!
        #expect(abs(left - (grid.width - 1 - right)) <= 1)
        #expect(abs(top - (grid.height - 1 - bottom)) <= 1)
        // The chosen button is reversed and every button is a click target.
        let discard = column(of: "[ Discard ]", row: bottom - 1, in: grid)!
        let keep = column(of: "[ Keep ]", row: bottom - 1, in: grid)!
        #expect(grid[discard, bottom - 1].style.reverse && !grid[keep, bottom - 1].style.reverse)
        #expect(frame.hitMap.target(column: discard + 2, row: bottom - 1) == .alertButton(1))
        #expect(frame.hitMap.target(column: keep, row: bottom - 1) == .alertButton(0))
        // The row under the box is not clickable through it.
        #expect(frame.hitMap.target(column: 30, row: top + 1) == .overlay)
    }

    /// Every row keeps exactly the frame's width with every node kind, at any size.
    @Test(arguments: [(80, 24), (40, 12), (23, 7), (9, 4), (1, 1)])
    func rowsKeepTheirWidth(_ size: (Int, Int)) {
        let nodes: [ViewNode] = [
            .textField(ViewTextField(id: "a", value: "東京 and more text than fits", placeholder: "p")),
            .textField(ViewTextField(id: "m", value: "x\n日本語日本語日本語日本語日本語日本語", isMultiline: true)),
            .toggle(id: "t", label: "Toggle with a long label", isOn: true),
            .progress(label: "Working on it", fraction: 0.3), .progress(label: nil, fraction: nil),
            .table(ViewTable(headers: ["名前", "B"], rows: [ViewTableRow(cells: ["長い名前の都市", "b"], action: "x")])),
        ]
        var interaction = InteractionState()
        interaction.isEditing = true
        interaction.menu = RowActionMenu(actions: [ViewRowAction(label: "Delete", action: "d")])
        let alert = ScreenAlert(id: "a", title: "Title", message: "A message long enough to wrap.", buttons: ["One", "Two", "Three"])
        for alert in [nil, alert] {
            let grid = frame(nodes, width: size.0, height: size.1, focus: 0, interaction: interaction, alert: alert).grid
            for y in 0..<grid.height {
                #expect(DisplayWidth.of(grid.line(y)) == size.0, "row \(y) at \(size)")
            }
        }
    }
}
