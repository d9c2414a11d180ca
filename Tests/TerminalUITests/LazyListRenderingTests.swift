import TabKit
import Testing

@testable import TerminalUI

/// A lazy list of 1,000,000 rows (ABI 1.3) in the terminal: the rows not drawn are one placeholder line
/// each (a kept frame keeps the list's height and the scroll), the wheel scrolls the view and the rows it
/// shows as placeholders are asked for, Home and End go to the list's row 0 and last row.
struct LazyListRenderingTests {
    static let renderer = ScreenRenderer(options: RenderOptions(useColor: false))

    /// The list `rows` of 1,000,000 rows with `window` drawn, under a line of text.
    static func screen(window: Range<Int>) -> Screen {
        let rows = window.map { ViewNode.row(ViewRow(title: "Row \($0)", action: "open \($0)")) }
        return Screen(
            title: "Lazy",
            content: ViewTree([.text("Top"), .list(ViewList(id: "rows", count: 1_000_000, start: window.lowerBound, rows: rows))]))
    }

    static func lines(_ frame: RenderedFrame) -> [String] {
        frame.grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func aKeptFrameShowsPlaceholdersAndKeepsItsHeight() {
        // The frame drawn rows 0..<64 and the view scrolled to row 1,000: what shows is placeholders.
        var router = InputRouter()
        let screen = Self.screen(window: 0..<64)
        router.prepare(for: screen)
        var frame = Self.renderer.render(screen, width: 40, height: 12, focus: router.focus, scroll: router.scroll)
        router.didRender(frame)
        #expect(frame.contentLines == 1_000_001)
        for _ in 0..<334 { _ = router.handle(.mouse(MouseEvent(button: 65, column: 5, row: 5, isPress: true)), on: screen) }
        #expect(router.scroll == 1002 && !router.followsFocus)
        frame = Self.renderer.render(
            screen, width: 40, height: 12, focus: router.focus, scroll: router.scroll, followFocus: router.followsFocus)
        router.didRender(frame)
        let content = Self.lines(frame).dropFirst(2).prefix(frame.contentRows)
        #expect(content.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("⋯") }, "\(frame.grid.text)")
        #expect(frame.scroll == 1002)
        #expect(frame.missingListRows == ["rows": 1001..<(1001 + frame.contentRows)])
        // The focus, out of view with no row in view to take it, stays on Row 0 (not scrolled back to).
        #expect(router.focus == 0)
        let requests = InputRouter.listRowsRequests(for: frame, on: screen)
        guard case .showRows("rows", let start, let count)? = requests.first else {
            Issue.record("no showRows: \(requests)")
            return
        }
        #expect((start..<(start + count)).contains(1001) && (start..<(start + count)).contains(1001 + frame.contentRows - 1))

        // The rows arrive: drawn in place of the placeholders, the scroll where it was, the focus on a row in view.
        let arrived = Self.screen(window: start..<(start + count))
        router.prepare(for: arrived)
        frame = Self.renderer.render(
            arrived, width: 40, height: 12, focus: router.focus, scroll: router.scroll, followFocus: router.followsFocus)
        router.didRender(frame)
        #expect(Self.lines(frame)[2].contains("Row 1001"), "\(frame.grid.text)")
        #expect(frame.missingListRows.isEmpty)
        #expect(router.focusedItem == .action("open 1001"))
    }

    @Test func homeAndEndGoToTheListsEnds() {
        var router = InputRouter()
        var screen = Self.screen(window: 0..<64)
        router.prepare(for: screen)
        let commands = router.handle(.key(.end), on: screen)
        guard case .perform(.showRows("rows", let start, let count))? = commands.last else {
            Issue.record("End asked for no rows: \(commands)")
            return
        }
        #expect(start + count == 1_000_000 && count == InputRouter.listWindowRows)
        // Until the rows come, the view is at the list's end and shows its placeholders.
        var frame = Self.renderer.render(
            screen, width: 40, height: 12, focus: router.focus, scroll: router.scroll, followFocus: router.followsFocus)
        router.didRender(frame)
        #expect(Self.lines(frame)[frame.contentRows + 1].contains("⋯"))
        screen = Self.screen(window: start..<(start + count))
        router.prepare(for: screen)
        #expect(router.focusedItem == .action("open 999999"))
        frame = Self.renderer.render(
            screen, width: 40, height: 12, focus: router.focus, scroll: router.scroll, followFocus: router.followsFocus)
        #expect(Self.lines(frame)[frame.contentRows + 1].contains("Row 999999"), "\(frame.grid.text)")

        let home = router.handle(.key(.home), on: screen)
        guard case .perform(.showRows("rows", 0, InputRouter.listWindowRows))? = home.last else {
            Issue.record("Home asked for no rows: \(home)")
            return
        }
        router.prepare(for: Self.screen(window: 0..<64))
        #expect(router.focusedItem == .action("open 0"))
    }

    @Test func keysPressedBeforeTheRowsComeAddUp() {
        var router = InputRouter()
        let screen = Self.screen(window: 0..<64)
        router.prepare(for: screen)
        router.didRender(Self.renderer.render(screen, width: 40, height: 12, focus: router.focus, scroll: router.scroll))
        let focused = router.focus(id: "open 62", on: screen)
        #expect(focused)
        // Page Down (half of the 10 content rows) past the rows drawn: row 67 is asked for, then row 72
        // from there, while the screen still draws rows 0..<64.
        for target in [67, 72] {
            let commands = router.handle(.key(.pageDown), on: screen)
            guard case .perform(.showRows("rows", let start, let count))? = commands.last else {
                Issue.record("Page Down asked for no rows: \(commands)")
                return
            }
            #expect((start..<(start + count)).contains(target))
            #expect(router.focusedItem == .action("open 62"))
        }
        router.prepare(for: Self.screen(window: 40..<104))
        #expect(router.focusedItem == .action("open 72"))
        // Up from there is an ordinary move among the rows drawn.
        let up = router.handle(.key(.up), on: Self.screen(window: 40..<104))
        #expect(up.contains(.redraw))
        #expect(router.focusedItem == .action("open 71"))
        // Tab from the last row drawn goes on to the next row of the list, not to what follows the list.
        let last = Self.screen(window: 40..<104)
        _ = router.focus(id: "open 103", on: last)
        let tab = router.handle(.key(.tab), on: last)
        guard case .perform(.showRows("rows", let start, let count))? = tab.last else {
            Issue.record("Tab asked for no rows: \(tab)")
            return
        }
        #expect((start..<(start + count)).contains(104))
        router.prepare(for: Self.screen(window: start..<(start + count)))
        #expect(router.focusedItem == .action("open 104"))
    }
}
