import TabKit
import Testing

@testable import TerminalUI

struct ScreenRendererTests {
    static let plain = ScreenRenderer(options: RenderOptions(useColor: false))

    static let snapshotCases: [(String, Screen, Int, Int, Int?, String)] = [
        ("favourites 80×24, bottom bar", SampleScreens.favourites, 80, 24, 0, Snapshots.favourites80x24),
        ("top bar 40×12", SampleScreens.topBar, 40, 12, 1, Snapshots.topBar40x12),
        ("More list 40×12", SampleScreens.moreList, 40, 12, 0, Snapshots.moreList40x12),
        ("CJK 40×8", SampleScreens.cjk, 40, 8, 0, Snapshots.cjk40x8),
        ("modal 40×12 framed", SampleScreens.modal, 40, 12, 0, Snapshots.modal40x12),
        ("modal 30×5 unframed", SampleScreens.modal, 30, 5, 0, Snapshots.modal30x5),
        ("custom bar and status 40×8", SampleScreens.customBar, 40, 8, 0, Snapshots.customBar40x8),
        ("tiny 20×6", SampleScreens.favourites, 20, 6, 1, Snapshots.tiny20x6),
        ("tiny 12×3", SampleScreens.favourites, 12, 3, 1, Snapshots.tiny12x3),
    ]

    @Test(arguments: snapshotCases.indices)
    func snapshot(_ index: Int) {
        let (name, screen, width, height, focus, expected) = Self.snapshotCases[index]
        let frame = Self.plain.render(screen, width: width, height: height, focus: focus)
        #expect(frame.grid.text == expected, "\(name)")
        #expect(frame.grid.width == width && frame.grid.height == height)
    }

    /// Every row of the grid must occupy exactly `width` columns (wide cells counted twice).
    @Test(arguments: [(80, 24), (40, 12), (120, 30), (200, 60), (23, 7), (5, 2), (1, 1)])
    func rowsKeepTheirWidth(_ size: (Int, Int)) {
        for screen in [SampleScreens.favourites, SampleScreens.cjk, SampleScreens.moreList, SampleScreens.modal, SampleScreens.customBar] {
            let grid = Self.plain.render(screen, width: size.0, height: size.1, focus: 0).grid
            for y in 0..<grid.height {
                #expect(DisplayWidth.of(grid.line(y)) == size.0, "row \(y) of \(screen.title) at \(size)")
            }
        }
    }

    @Test func wideCharactersKeepDetailsAndBarAligned() {
        let frame = Self.plain.render(SampleScreens.cjk, width: 40, height: 8, focus: 0)
        // Details end in the same column whatever the width of the title: chevron at column 38.
        for y in 1...3 {
            #expect(frame.grid[38, y].text == "›", "row \(y): \(frame.grid.line(y))")
        }
        #expect(frame.grid[27, 1].text == "オ" && frame.grid[28, 1].isContinuation)
        #expect(frame.grid[33, 2].text == "离")
        // Two slots of 20 columns each, whatever their text.
        #expect(frame.hitMap.target(column: 19, row: 7) == .tab(0))
        #expect(frame.hitMap.target(column: 20, row: 7) == .tab(1))
    }

    @Test func spotChecks120x30() {
        let frame = Self.plain.render(SampleScreens.favourites, width: 120, height: 30, focus: 1)
        let grid = frame.grid
        #expect(grid.line(0).hasPrefix("‹ Accounts "))
        #expect(grid[58, 0].text == "J" && grid[61, 0].text == "k")  // (120 − 4) / 2 = 58
        #expect(
            grid.text.split(separator: "\n", omittingEmptySubsequences: false)[4] == " Release notes" + String(repeating: " ", count: 88)
                + "yesterday (new) ›")
        #expect(grid.line(28) == String(repeating: "─", count: 120))
        for slot in 0..<4 {
            #expect(frame.hitMap.target(column: slot * 30, row: 29) == .tab(slot))
            #expect(frame.hitMap.target(column: slot * 30 + 29, row: 29) == .tab(slot))
        }
        #expect(grid.line(29).contains("★ Favourites (3)"))
        #expect(grid.line(29).contains("✉ Messages (12)"))
    }

    @Test func spotChecks200x60() {
        let frame = Self.plain.render(SampleScreens.topBar, width: 200, height: 60, focus: 0)
        #expect(frame.contentRows == 57)
        #expect(frame.grid.line(1).contains("★ Favourites (3)"))
        #expect(frame.hitMap.target(column: 150, row: 1) == .tab(3))
        #expect(frame.grid.line(2) == String(repeating: "─", count: 200))
        #expect(frame.grid.line(4).hasSuffix("09:30 › "))
        #expect(frame.grid.text.split(separator: "\n", omittingEmptySubsequences: false).count == 60)
    }

    @Test func focusIsReverseVideoAcrossTheRow() {
        let frame = Self.plain.render(SampleScreens.favourites, width: 40, height: 12, focus: 1)
        let focusedRow = 4  // "Release notes"
        #expect(frame.grid.line(focusedRow).contains("Release notes"))
        for x in 0..<40 { #expect(frame.grid[x, focusedRow].style.reverse, "column \(x)") }
        for x in 0..<40 { #expect(!frame.grid[x, 3].style.reverse) }
        // The selected slot is highlighted, the others are not.
        #expect(frame.grid[0, 11].style.reverse && frame.grid[9, 11].style.reverse)
        #expect(!frame.grid[10, 11].style.reverse)
    }

    @Test func focusedButtonIsHighlighted() {
        let frame = Self.plain.render(SampleScreens.favourites, width: 40, height: 12, focus: 2)
        #expect(frame.grid.line(8).hasPrefix(" [ Refresh ]"))
        #expect(frame.grid[1, 8].style.reverse && frame.grid[11, 8].style.reverse && !frame.grid[12, 8].style.reverse)
    }

    @Test func noColorMeansNoForegroundButKeepsAttributes() {
        let screens = [SampleScreens.favourites, SampleScreens.customBar, SampleScreens.cjk]
        for screen in screens {
            let grid = Self.plain.render(screen, width: 80, height: 24, focus: 0).grid
            #expect(grid.cells.allSatisfy { $0.style.foreground == nil })
            #expect(grid.cells.contains { $0.style.reverse })
        }
        let colored = ScreenRenderer(options: RenderOptions(useColor: true)).render(
            SampleScreens.favourites, width: 80, height: 24, focus: 0
        ).grid
        // The badge "(new)" on row 4 is red.
        let badgeStart = (0..<80).first { colored[$0, 4].text == "(" }
        #expect(badgeStart == 72)
        #expect(colored[72, 4].style.foreground == .red && colored[76, 4].style.foreground == .red)
        #expect(colored[78, 4].style.foreground == nil)
        #expect(colored[0, 0].style.foreground == .cyan)  // the Back label
        #expect(RenderOptions.fromEnvironment(["NO_COLOR": "1"]).useColor == false)
        #expect(RenderOptions.fromEnvironment(["NO_COLOR": ""]).useColor == true)
        #expect(RenderOptions.fromEnvironment([:]).useColor == true)
    }

    @Test func longTitlesAreCutWithAnEllipsis() {
        let screen = Screen(
            title: "A very long title that cannot fit at all", backLabel: "Previous screen with a long name",
            content: ViewTree([.row(ViewRow(title: "日本語のとても長い行のタイトルです", detail: "詳細", action: "x"))]))
        let grid = Self.plain.render(screen, width: 30, height: 5, focus: nil).grid
        #expect(
            grid.text == """
                ‹ Previou… A very long title …
                 日本語のとても長い行… 詳細 ›



                """)
    }

    @Test func scrollingKeepsTheFocusVisible() {
        let rows = (0..<50).map { ViewNode.row(ViewRow(title: "Row \($0)", action: "r\($0)")) }
        let screen = Screen(title: "Long", content: ViewTree(rows))
        let frame = Self.plain.render(screen, width: 30, height: 12, focus: 30)
        #expect(frame.contentRows == 10)
        #expect(frame.scroll == 21)
        #expect(frame.grid.line(11).hasPrefix(" Row 30 "))
        #expect(frame.grid[29, 2].text == "▲" && frame.grid[29, 11].text == "▼")
        // Moving the focus back up inside the window keeps the scroll position.
        let back = Self.plain.render(screen, width: 30, height: 12, focus: 25, scroll: frame.scroll)
        #expect(back.scroll == 21)
        let top = Self.plain.render(screen, width: 30, height: 12, focus: 0, scroll: 21)
        #expect(top.scroll == 0 && top.grid[29, 2].text != "▲")
    }

    @Test func hitMapNamesBackRowsButtonsTabsAndDismiss() {
        let frame = Self.plain.render(SampleScreens.favourites, width: 80, height: 24, focus: 0)
        #expect(frame.hitMap.target(column: 0, row: 0) == .back)
        #expect(frame.hitMap.target(column: 9, row: 0) == .back)
        #expect(frame.hitMap.target(column: 11, row: 0) == nil)
        #expect(frame.hitMap.target(column: 40, row: 3) == .action("open.1", focusIndex: 0))
        #expect(frame.hitMap.target(column: 79, row: 4) == .action("open.2", focusIndex: 1))
        #expect(frame.hitMap.target(column: 5, row: 2) == nil)  // a section header
        #expect(frame.hitMap.target(column: 1, row: 7) == .action("refresh", focusIndex: 2))
        #expect(frame.hitMap.target(column: 12, row: 7) == nil)
        #expect(frame.hitMap.target(column: 0, row: 23) == .tab(0))
        #expect(frame.hitMap.target(column: 79, row: 23) == .tab(3))
        let modal = Self.plain.render(SampleScreens.modal, width: 40, height: 12, focus: 0)
        #expect(modal.hitMap.target(column: 30, row: 11) == .dismiss)
        #expect(modal.hitMap.target(column: 2, row: 4) == .action("send", focusIndex: 0))
        let small = Self.plain.render(SampleScreens.modal, width: 30, height: 5, focus: 0)
        #expect(small.hitMap.target(column: 25, row: 0) == .dismiss)
        let custom = Self.plain.render(SampleScreens.customBar, width: 40, height: 8, focus: 0)
        #expect(custom.hitMap.target(column: 5, row: 1) == .tab(0))
        #expect(custom.hitMap.target(column: 30, row: 1) == .tab(1))
    }

    /// A custom bar's button selects a slot only when its id is the canonical decimal index of an
    /// existing slot (`TabBar.slot(forAction:)`, the model's rule too); other ids are the bar's actions.
    @Test func customBarButtonsNameSlotsByTheModelsRule() {
        var screen = SampleScreens.customBar
        let ids = ["1", "+1", "01", "-1", "2"]
        screen.tabBar?.custom = ViewTree(ids.map { .button(label: "b\($0)", action: $0) })
        let frame = Self.plain.render(screen, width: 50, height: 8, focus: 0)
        let targets = (0..<5).map { frame.hitMap.target(column: $0 * 10 + 5, row: 1) }
        #expect(
            targets == [
                .tab(1), .action("+1", focusIndex: nil), .action("01", focusIndex: nil), .action("-1", focusIndex: nil),
                .action("2", focusIndex: nil),
            ])
    }
}
