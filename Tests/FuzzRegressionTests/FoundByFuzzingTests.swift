import TerminalUI
import Testing

/// Each crash the fuzz targets found, fed through the code that crashed, with what it must do
/// instead (the input itself is also in `Fuzz/corpus/TARGET/crash-*`, replayed by `FuzzCorpusTests`).
struct FoundByFuzzingTests {
    /// `input`: an SGR mouse report with a column of Int.min trapped on `column - 1`.
    @Test(arguments: [
        "\u{1B}[<0;-9223372036854775808;1M", "\u{1B}[<0;1;-9223372036854775808m", "\u{1B}[<0;65536;1M", "\u{1B}[<-1;1;1M",
    ])
    func aMouseReportWithNumbersOutOfRangeIsIgnored(report: String) {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array((report + "q").utf8)) == [.key(.character("q"))])
    }

    @Test func aMouseReportAtTheLargestNumbersIsStillAnEvent() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\u{1B}[<0;65535;65535M".utf8))
        #expect(events == [.mouse(MouseEvent(button: 0, column: 65_534, row: 65_534, isPress: true))])
    }
}
