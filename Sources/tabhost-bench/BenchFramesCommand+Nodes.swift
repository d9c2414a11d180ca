import FoundationEssentials
import TabKit
import TerminalUI

extension BenchFramesCommand {
    /// A screen with every ABI 1.2 node: two fields, three toggles, two progress bars, styled text and a
    /// styled table of 20 rows × 6 columns with row actions.
    static let nodesScreen: Screen = {
        var nodes: [ViewNode] = [
            .section(title: "Compose"),
            .textField(ViewTextField(id: "to", value: "jack@example.com", placeholder: "To")),
            .textField(ViewTextField(id: "body", value: "Line one\nLine two", placeholder: "Message", isMultiline: true)),
            .toggle(id: "wifi", label: "Wi-Fi", isOn: true),
            .toggle(id: "bt", label: "Bluetooth", isOn: false),
            .toggle(id: "air", label: "Airplane mode", isOn: false),
            .progress(label: "Downloading", fraction: 0.42),
            .progress(label: "Waiting", fraction: nil),
            .styling(.text("ERROR connection refused"), [.error, .monospace]),
            .styling(.text("warning: disk 91% full"), .warning),
        ]
        let rows = (1...20).map { i in
            ViewTableRow(
                cells: ["\(i)", "file-\(i).log", "\(i * 1024) B", "2026-11-\(i % 28 + 1)", i % 3 == 0 ? "error" : "ok", "—"],
                action: "open-\(i)", style: i % 3 == 0 ? .error : [], rowActions: [ViewRowAction(label: "Delete", action: "delete-\(i)")])
        }
        nodes.append(.table(ViewTable(headers: ["#", "Name", "Size", "Date", "State", "Note"], rows: rows)))
        return Screen(title: "Nodes", content: ViewTree(nodes))
    }()

    /// As many plain rows as `nodesScreen` has lines of content.
    static let plainScreen: Screen = {
        Screen(title: "Rows", content: ViewTree((1...31).map { .row(ViewRow(title: "row \($0)", detail: "detail", action: "row-\($0)")) }))
    }()

    /// Milliseconds to render `screen` and diff it against the previous frame, alternating with a copy whose
    /// status line differs, `iterations` times.
    static func composeTimes(of screen: Screen, renderer: ScreenRenderer, width: Int, height: Int, iterations: Int) -> [Double] {
        var other = screen
        other.status = "changed"
        var differ = FrameDiffer()
        _ = differ.frame(renderer.render(screen, width: width, height: height).grid)
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for i in 0..<iterations {
            let start = clock.now
            _ = differ.frame(renderer.render(i % 2 == 0 ? other : screen, width: width, height: height).grid)
            times.append(BenchMeasure.milliseconds(clock.now - start))
        }
        return times
    }

    /// The bytes of `screen` as JSON, the form the browser front end receives.
    static func jsonBytes(_ screen: Screen) throws -> Int {
        try JSONEncoder().encode(screen).count
    }
}
