import TabKit
import Testing

@testable import TerminalUI

/// Text a module chose (titles, rows, text, alerts, badges, fields, tables) reaches the terminal as text:
/// no control or bidirectional override in it is ever written, so none can start an escape sequence
/// (an OSC 52 clipboard write, a cursor move, a retitled window) or reorder what follows.
struct ModuleTextEscapeTests {
    static let hostile = [
        "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}[2J", "\u{9B}31m", "\u{9D}0;t\u{9C}", "\u{7F}", "\u{202E}txt.exe", "\u{2066}x\u{2069}",
        "a\u{1B}[1;1Hb", "\r", "\u{08}",
    ]

    /// The same strings without their controls: what the terminal must show for `hostile`.
    static let stripped = hostile.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { !CellGrid.isUnprintable($0) })) }

    static func screen(_ strings: [String]) -> Screen {
        let text = strings.joined(separator: " ")
        return Screen(
            title: "T" + text, backLabel: "B" + text,
            content: ViewTree([
                .section(title: "S" + text),
                .row(ViewRow(title: "R" + text, detail: "D" + text, action: "r", badge: "!" + text)),
                .text("X" + text),
                .button(label: "L" + text, action: "b"),
                .image(path: "/m/" + strings[0] + ".png", alt: "A" + text),
                .textField(ViewTextField(id: "f", value: "V" + text, placeholder: "P" + text)),
                .toggle(id: "t", label: "G" + text, isOn: true),
                .progress(label: "Q" + text, fraction: 0.5),
                .table(ViewTable(headers: ["H" + text], rows: [ViewTableRow(cells: ["C" + text], action: "c")])),
            ]),
            tabBar: TabBar(
                position: .bottom, items: [TabBarItem(title: "I" + text, glyph: strings[4], badge: strings[2], isSelected: true)]),
            status: "Z" + text,
            alert: ScreenAlert(id: "a", title: "N" + text, message: "M" + text, buttons: ["O" + text]))
    }

    @Test(arguments: [(80, 24), (200, 60), (30, 10)])
    func noControlFromAModuleReachesTheTerminal(_ size: (Int, Int)) {
        for useColor in [false, true] {
            let renderer = ScreenRenderer(options: RenderOptions(useColor: useColor))
            let frame = renderer.render(Self.screen(Self.hostile), width: size.0, height: size.1, focus: 0)
            for cell in frame.grid.cells {
                #expect(!cell.text.unicodeScalars.contains(where: CellGrid.isUnprintable), "\(cell.text.unicodeScalars.map(\.value))")
            }
            let bytes = FrameDiffer.fullRepaint(frame.grid)
            let text = String(decoding: bytes, as: UTF8.self)
            // The renderer's own sequences are CSI (ESC [) only: never OSC (ESC ]), BEL, C1, DEL or a bidi control.
            #expect(!text.contains("\u{1B}]") && !bytes.contains(0x07) && !bytes.contains(0x7F) && !bytes.contains(0x08))
            #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
            #expect(!text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
            // Exactly the text the same strings without their controls show: the controls moved nothing.
            let clean = renderer.render(Self.screen(Self.stripped), width: size.0, height: size.1, focus: 0)
            for y in 0..<frame.grid.height where frame.grid.line(y) != clean.grid.line(y) {
                Issue.record("row \(y) at \(size): \(frame.grid.line(y).debugDescription) != \(clean.grid.line(y).debugDescription)")
            }
            #expect(text.contains("52;c;cHduZWQ="), "\(size)")
        }
    }
}
