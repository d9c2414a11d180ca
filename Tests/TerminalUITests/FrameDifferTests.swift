import TabKit
import Testing

@testable import TerminalUI

struct FrameDifferTests {
    static let renderer = ScreenRenderer(options: RenderOptions(useColor: true))

    func frame(_ screen: Screen, _ width: Int = 80, _ height: Int = 24, focus: Int? = 0) -> CellGrid {
        Self.renderer.render(screen, width: width, height: height, focus: focus).grid
    }

    @Test func fullRepaintReproducesTheGrid() {
        for screen in [SampleScreens.favourites, SampleScreens.cjk, SampleScreens.modal, SampleScreens.customBar] {
            let grid = frame(screen)
            var terminal = ANSIInterpreter(width: 80, height: 24)
            var differ = FrameDiffer()
            terminal.apply(differ.frame(grid))
            #expect(differ.lastFrameWasFull)
            #expect(terminal.unknown.isEmpty)
            #expect(terminal.grid == grid, "\(screen.title)")
        }
    }

    /// A chain of frames, each applied as a diff to the terminal, always gives back the new grid.
    @Test func diffsReproduceEachNextGrid() {
        var other = SampleScreens.favourites
        other.tabBar?.items[0].isSelected = false
        other.tabBar?.items[2].isSelected = true
        other.title = "Messages 中文"
        var badge = SampleScreens.favourites
        badge.tabBar?.items[1].badge = "99+"
        let sequence: [(Screen, Int?)] = [
            (SampleScreens.favourites, 0), (SampleScreens.favourites, 1), (SampleScreens.cjk, 0), (SampleScreens.cjk, 2),
            (other, 0), (SampleScreens.moreList, 2), (SampleScreens.modal, 0), (badge, 0), (SampleScreens.favourites, 2),
        ]
        var terminal = ANSIInterpreter(width: 80, height: 24)
        var differ = FrameDiffer()
        for (index, (screen, focus)) in sequence.enumerated() {
            let grid = frame(screen, focus: focus)
            terminal.apply(differ.frame(grid))
            #expect(differ.lastFrameWasFull == (index == 0))
            #expect(terminal.grid == grid, "step \(index): \(screen.title)\n\(terminal.grid.text)")
        }
        #expect(terminal.unknown.isEmpty)
    }

    @Test func wideCharactersReplacedByNarrowOnesAndBack() {
        var a = CellGrid(width: 10, height: 2)
        a.put("中文字", x: 0, y: 0)
        var b = CellGrid(width: 10, height: 2)
        b.put("a中bc", x: 0, y: 0)
        var terminal = ANSIInterpreter(width: 10, height: 2)
        var differ = FrameDiffer()
        for grid in [a, b, a, CellGrid(width: 10, height: 2), b] {
            terminal.apply(differ.frame(grid))
            #expect(terminal.grid == grid)
        }
    }

    @Test func aOneRowChangeWritesFarFewerBytesThanARepaint() {
        var differ = FrameDiffer()
        let first = frame(SampleScreens.favourites, focus: 0)
        let full = differ.frame(first).count
        let focusMove = differ.frame(frame(SampleScreens.favourites, focus: 1)).count
        var ticked = SampleScreens.favourites
        ticked.tabBar?.items[2].badge = "13"
        _ = differ.frame(frame(SampleScreens.favourites, focus: 0))
        let badgeChange = differ.frame(frame(ticked, focus: 0)).count
        var switched = SampleScreens.moreList
        switched.title = "Jack"
        let tabSwitch = differ.frame(frame(switched, focus: 0)).count
        let unchanged = differ.frame(frame(switched, focus: 0)).count
        print("bytes: full \(full), focus move \(focusMove), badge \(badgeChange), tab switch \(tabSwitch)")
        #expect(unchanged == 0)
        #expect(badgeChange * 10 < full, "badge \(badgeChange) vs full \(full)")
        #expect(focusMove * 3 < full, "focus \(focusMove) vs full \(full)")
        #expect(tabSwitch < full && tabSwitch > badgeChange)
        // Forcing a repaint (Ctrl-L) and a resize both repaint everything.
        #expect(differ.frame(frame(switched, focus: 0), full: true).count > tabSwitch)
        #expect(differ.lastFrameWasFull)
        _ = differ.frame(frame(switched, 100, 30, focus: 0))
        #expect(differ.lastFrameWasFull)
    }

    /// Rows whose bytes match are skipped whole; a row equal in value but not in bytes (a long cluster
    /// stored in two separate strings) is compared cell by cell and writes nothing, and a changed cell
    /// beside it is still written.
    @Test func rowsAreSkippedByTheirBytesAndComparedByValueOtherwise() throws {
        let family = "👨‍👩‍👧‍👦"
        let again = String(decoding: Array(family.utf8), as: UTF8.self)
        var old = CellGrid(width: 20, height: 3)
        var new = CellGrid(width: 20, height: 3)
        old.put("top", x: 0, y: 0)
        new.put("top", x: 0, y: 0)
        old.put(family, x: 2, y: 1)
        new.put(again, x: 2, y: 1)
        #expect(new.rowHasSameBytes(0, as: old))
        #expect(!new.rowHasSameBytes(1, as: old), "two strings, two storages")
        #expect(new[2, 1] == old[2, 1])
        #expect(FrameDiffer.diff(from: old, to: new).isEmpty)
        new.put("x", x: 9, y: 1)
        new.put("end", x: 17, y: 2)
        #expect(new.blankSuffixStart(ofRow: 2) == 20)
        #expect(new.blankSuffixStart(ofRow: 0) == 3)
        var terminal = ANSIInterpreter(width: 20, height: 3)
        terminal.apply(FrameDiffer.fullRepaint(old))
        terminal.apply(FrameDiffer.diff(from: old, to: new))
        #expect(terminal.unknown.isEmpty)
        #expect(terminal.grid == new)
    }

    /// The SGR parameters of a style, written as bytes: attributes in order, then the colour in its range.
    @Test(arguments: [
        (CellStyle(), "0"), (CellStyle(bold: true, dim: true, underline: true, reverse: true), "0;1;2;4;7"),
        (CellStyle(foreground: TerminalColor(0)), "0;30"), (CellStyle(reverse: true, foreground: TerminalColor(7)), "0;7;37"),
        (CellStyle(foreground: TerminalColor(9)), "0;91"), (CellStyle(foreground: TerminalColor(15)), "0;97"),
        (CellStyle(foreground: TerminalColor(16)), "0;38;5;16"), (CellStyle(dim: true, foreground: TerminalColor(208)), "0;2;38;5;208"),
    ])
    func styleParameters(style: CellStyle, expected: String) {
        #expect(style.sgrParameters == expected)
    }

    @Test func escapeBytesFromModulesNeverReachTheTerminal() {
        var grid = CellGrid(width: 20, height: 1)
        grid.put("evil\u{1B}[2Jtext\u{7}", x: 0, y: 0)
        #expect(grid.line(0).hasPrefix("evil[2Jtext"))
        let bytes = FrameDiffer.fullRepaint(grid)
        // Only the repaint's own: reset, home, clear, cursor to row 1, style, final reset.
        #expect(bytes.filter { $0 == 0x1B }.count == 6)
    }
}
