import Testing

@testable import TerminalUI

struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("中", 2), ("あ", 2), ("한", 2), ("Ｗ", 2), ("😀", 2), ("⌚", 2), ("★", 1), ("‹", 1), ("…", 1),
            ("e\u{301}", 1), ("♥\u{FE0F}", 2), ("🇫🇷", 2), ("\u{200B}", 0), ("\u{7}", 0),
        ] as [(String, Int)])
    func widths(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Both ends of the first and last wide and zero-width ranges, and the scalars just outside them.
    @Test(
        arguments: [
            (0x10FF, 1), (0x1100, 2), (0x115F, 2), (0x1160, 0), (0x11FF, 0), (0x1200, 1), (0x200A, 1), (0x200B, 0),
            (0xFEFF, 0), (0xFF00, 2), (0xFF60, 2), (0xFF61, 1), (0x30000, 2), (0x3FFFD, 2), (0x3FFFE, 1), (0xE0000, 0),
            (0xE0FFF, 0), (0xE1000, 1),
        ] as [(UInt32, Int)])
    func rangeEdges(_ value: UInt32, _ width: Int) throws {
        #expect(DisplayWidth.of(try #require(Unicode.Scalar(value))) == width, "\(String(value, radix: 16))")
    }

    @Test func combiningMarkAloneIsZero() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of("日本語") == 6)
    }

    @Test(
        arguments: [
            ("Hello", 10, "Hello"), ("Hello world", 8, "Hello w…"),
            ("日本語テキスト", 6, "日本…"), ("日本語テキスト", 7, "日本語…"),
            ("abc", 1, "…"), ("abc", 0, ""), ("a中", 2, "a…"),
        ] as [(String, Int, String)])
    func truncates(_ text: String, _ width: Int, _ expected: String) {
        let cut = DisplayWidth.truncate(text, to: width)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= width)
    }

    @Test func wrapsAtSpacesAndInsideLongWords() {
        #expect(DisplayWidth.wrap("the quick brown fox", to: 10) == ["the quick", "brown fox"])
        #expect(DisplayWidth.wrap("abcdefghijkl", to: 5) == ["abcde", "fghij", "kl"])
        #expect(DisplayWidth.wrap("一二三四五", to: 5) == ["一二", "三四", "五"])
        #expect(DisplayWidth.wrap("one\n\ntwo", to: 10) == ["one", "", "two"])
    }

    /// Spaces are kept as written, as the browser keeps them (`pre-wrap`): indentation and runs
    /// between words, so a compiler's caret stays under its column; a break drops the spaces it is at.
    @Test func wrapKeepsIndentationAndRunsOfSpaces() {
        let caret = ["   15 |     int x = y z;", "      |               ^"]
        #expect(DisplayWidth.wrap(caret.joined(separator: "\n"), to: 40) == caret)
        #expect(DisplayWidth.wrap("  a   b", to: 10) == ["  a   b"])
        #expect(DisplayWidth.wrap("  aaaa   bbbb  ", to: 8) == ["  aaaa", "bbbb"], "the spaces a line breaks at, and trailing ones, go")
        #expect(DisplayWidth.wrap("      abcdef", to: 4) == ["abcd", "ef"], "an indentation that leaves no room for the word goes")
        #expect(DisplayWidth.wrap("   ", to: 4) == [""])
    }

    @Test func gridNeverSplitsWideCharacters() {
        var grid = CellGrid(width: 5, height: 1)
        grid.put("中文字", x: 0, y: 0)
        #expect(grid.line(0) == "中文…")
        grid.put("x", x: 1, y: 0)  // overwrites the right half of 中: its left half becomes a space
        #expect(grid.line(0) == " x文…")
        grid.put("e\u{301}", x: 3, y: 0)
        #expect(grid.line(0) == " x é…")  // writing over the right half of 文 blanks its left half
        #expect(grid.text == " x é…")
    }

    /// A letter and 8,180 combining marks are one cell: it keeps what `Cell.maximumBytes` holds, so a
    /// frame of such cells stays near the size of a plain one; a family emoji sequence fits whole.
    @Test func aCellHoldsAtMostItsBytesOfOneCluster() {
        var grid = CellGrid(width: 4, height: 1)
        let heavy = "e" + String(repeating: "\u{301}", count: 8180)
        grid.put(heavy + "x" + heavy, x: 0, y: 0)
        #expect(grid[0, 0].text.utf8.count <= Cell.maximumBytes && grid[0, 0].text.unicodeScalars.first == "e")
        #expect(grid[0, 0].text.unicodeScalars.count == 1 + (Cell.maximumBytes - 1) / 2)
        #expect(grid[1, 0].text == "x" && grid[2, 0].text.utf8.count <= Cell.maximumBytes)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        grid.put(family, x: 0, y: 0)
        #expect(grid[0, 0].text == family)
    }
}
