import Testing

@testable import TerminalUI

/// The decoder holds an unfinished escape sequence of at most 32 bytes (docs/user/limits.md): a
/// terminal's longest is far shorter, and bytes that never finish one must not pile up.
struct InputLimitTests {
    @Test func anUnfinishedSequenceOfThirtyTwoBytesWaitsAndOneByteMoreIsDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 30)).utf8)) == [])
        #expect(decoder.pending.count == 32)
        #expect(decoder.feed(Array("A".utf8)) == [.key(.up)])
        #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 31)).utf8)) == [])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }
}
