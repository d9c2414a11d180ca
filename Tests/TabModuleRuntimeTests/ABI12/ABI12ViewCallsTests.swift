import TabKit
import TabModuleRuntime
import Testing

/// The view calls added in ABI 1.2, made by a real C module in process, and the ViewTree they build:
/// styles, fields, toggles, progress bars, tables, row actions, and every limit with its log line.
struct ABI12ViewCallsTests {
    private static func warnings(_ lines: [String]) -> [String] { lines.map { "warning: \($0)" } }

    @Test func everyNewViewCallBuildsItsNode() throws {
        let setup = try DirectModuleFixture(param: "views")
        let nodes = setup.instance.render().nodes
        let expected: [ViewNode] = [
            .styled([.bold, .error], .text("bold")),
            .textField(ViewTextField(id: "name", value: "Ann", placeholder: "Your name", isSecure: true)),
            .textField(ViewTextField(id: "notes", isMultiline: true)),
            .toggle(id: "wifi", label: "Wi-Fi", isOn: true),
            .toggle(id: "bt", label: "", isOn: false),
            .progress(label: "half", fraction: 0.5),
            .progress(label: nil, fraction: nil),
            .progress(label: nil, fraction: 1),
            .progress(label: nil, fraction: nil),
            .table(
                ViewTable(
                    headers: ["Name", "", "Size"],
                    rows: [
                        ViewTableRow(
                            cells: ["a.txt", "x", "1 KB"], action: "open a", style: .dim,
                            rowActions: [
                                ViewRowAction(label: "Delete", action: "delete a"), ViewRowAction(label: "Rename", action: "rename a"),
                            ]),
                        ViewTableRow(cells: ["b.txt", ""]),
                    ])),
            .row(ViewRow(title: "Row", detail: "detail", action: "go", rowActions: [ViewRowAction(label: "Share", action: "share")])),
            .styled(.monospace, .row(ViewRow(title: "Mono"))),
        ]
        #expect(nodes.count == expected.count)
        for (got, want) in zip(nodes, expected) { #expect(got == want) }
        #expect(setup.recorder.logs == [])
        // The same calls again build the same tree: nothing of a render leaks into the next.
        #expect(setup.instance.render().nodes == nodes)
    }

    @Test func cellsWithoutColumnsStartATableWithoutHeadersAndAStyleGoesToTheRow() throws {
        let setup = try DirectModuleFixture(param: "cells")
        let nodes = setup.instance.render().nodes
        #expect(
            nodes == [
                .table(
                    ViewTable(
                        headers: [],
                        rows: [ViewTableRow(cells: ["1", "2"], action: "r1"), ViewTableRow(cells: ["1"]), ViewTableRow(cells: [])])),
                .text("end"),
                .table(ViewTable(headers: [], rows: [ViewTableRow(cells: ["1", "2"], style: .success)])),
            ])
        #expect(setup.recorder.logs == [])
    }

    @Test func pastEveryLimitTheHostKeepsWhatFitsWithOneLogLineEach() throws {
        let setup = try DirectModuleFixture(param: "limits")
        let nodes = setup.instance.render().nodes
        let id = String(repeating: "x", count: ModuleLimits.maximumIDBytes)
        let value = String(repeating: "x", count: ModuleLimits.maximumFieldBytes - 3) + "…"
        let columns = [String](repeating: "c", count: ModuleLimits.maximumColumns)
        let actions = [ViewRowAction](repeating: ViewRowAction(label: "A", action: "a"), count: ModuleLimits.maximumRowActions)
        #expect(ModuleLimits.maximumIDBytes == 256 && ModuleLimits.maximumColumns == 32 && ModuleLimits.maximumRowActions == 8)
        #expect(
            nodes == [
                .toggle(id: id, label: "t", isOn: true),
                .textField(ViewTextField(id: "big", value: value)),
                .table(ViewTable(headers: columns, rows: [ViewTableRow(cells: columns)])),
                .text("between"),
                .row(ViewRow(title: "Row", rowActions: actions)),
            ])
        #expect(
            setup.recorder.logs
                == Self.warnings([
                    "row_action with no row before it ignored; call it right after row or cells",
                    "text_field with a NULL id ignored; give it a non-empty id",
                    "text_field with an empty id ignored; give it a non-empty id",
                    "toggle with an id of 257 bytes ignored; ids are at most 256 bytes",
                    "text_field value of 65537 bytes cut to the limit of 65536 bytes",
                    "columns with 35 columns: those past 32 are dropped",
                    "cells with 35 columns: those past 32 are dropped",
                    "row_action past 8 on one row dropped; give a row at most that many",
                ]))
    }

    @Test func aTableRowCountsAsOneNodeTowardTheLimit() throws {
        let setup = try DirectModuleFixture(param: "many")
        let nodes = setup.instance.render().nodes
        #expect(nodes.count == 2)
        guard case .table(let table) = nodes.first else {
            Issue.record("not a table: \(String(describing: nodes.first))")
            return
        }
        // The table is one node, each row one more.
        #expect(table.rows.count == ModuleLimits.maximumViewNodes - 1)
        #expect(nodes.last == .text("(the module's view has more than \(ModuleLimits.maximumViewNodes) rows; the rest is not shown)"))
        #expect(
            setup.recorder.logs
                == Self.warnings(["render made more than \(ModuleLimits.maximumViewNodes) nodes; the rest is not shown (show fewer rows)"]))
    }

    @Test func aViewCallAfterRenderIsIgnoredWithOneLogLineUntilTheNextRender() throws {
        let setup = try DirectModuleFixture()
        _ = setup.instance.render()
        setup.run("late")  // a text and a row on the view of the render that returned
        setup.run("late")
        let line = "warning: text called outside render; ignored (view calls are valid only inside render, on its view)"
        #expect(setup.recorder.logs == [line])
        #expect(!setup.notes.contains("late"))  // a render in between
        setup.run("late")
        #expect(setup.recorder.logs == [line, line])
    }
}
