import Testing

@testable import TerminalUI

/// The layout of very long words (issue 36: 300 words of 16 KiB in one render stalled the terminal
/// 11.7 s, each piece cut off a word being measured again with the rest): linear in the text, and at
/// most `ScreenRenderer.maximumCellsPerNode` cells for one node.
struct LongWordLayoutTests {
    @Test func aWordOf16KiBIsCutIntoWholeLinesInOrder() {
        let word = String((0..<16384).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let lines = DisplayWidth.wrap(word, to: 80)
        #expect(lines.count == 205)
        #expect(lines.dropLast().allSatisfy { $0.count == 80 })
        #expect(lines.last?.count == 16384 - 204 * 80)
        #expect(lines.joined() == word)
    }

    @Test func threeHundredWordsOf16KiBEachKeepTheirLines() {
        let word = String(repeating: "x", count: 16384)
        let lines = DisplayWidth.wrap(Array(repeating: word, count: 300).joined(separator: " "), to: 80)
        #expect(lines.count == 300 * 205)
        #expect(lines.joined().count == 300 * 16384)
    }

    @Test func wideCharactersInALongWordNeverSplitOrOverflow() {
        let lines = DisplayWidth.wrap(String(repeating: "中", count: 101), to: 5)
        #expect(lines.count == 51)
        #expect(lines.dropLast().allSatisfy { $0 == "中中" })
        #expect(lines.last == "中")
    }

    @Test func pastItsLinesATextEndsInALineSayingItWasCut() {
        let text = String(repeating: "x", count: 100)
        let full = String(repeating: "x", count: 10)
        #expect(DisplayWidth.wrap(text, to: 10, maximumLines: 9) == Array(repeating: full, count: 8) + [DisplayWidth.cutLine])
        #expect(DisplayWidth.wrap("a\nb\nc\nd", to: 10, maximumLines: 3) == ["a", "b", DisplayWidth.cutLine])
    }

    /// The control: a text that fits its lines exactly is not cut.
    @Test func aTextThatFitsItsLinesIsNotCut() {
        let text = String(repeating: "x", count: 100)
        #expect(DisplayWidth.wrap(text, to: 10, maximumLines: 10) == Array(repeating: String(repeating: "x", count: 10), count: 10))
        #expect(DisplayWidth.wrap("a\nb\nc", to: 10, maximumLines: 3) == ["a", "b", "c"])
    }

    @Test func aNodesLinesAreBoundedByItsCellsAtAnyWidth() {
        #expect(ScreenRenderer.maximumLines(80) == ScreenRenderer.maximumCellsPerNode / 80)
        #expect(ScreenRenderer.maximumLines(1) == ScreenRenderer.maximumCellsPerNode)
        #expect(ScreenRenderer.maximumLines(0) == ScreenRenderer.maximumCellsPerNode)
        // A view string (16 KiB) fits its node's cells at every width.
        #expect(ScreenRenderer.maximumLines(1) >= 16384)
    }
}
