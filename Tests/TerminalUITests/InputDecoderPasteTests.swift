import Testing

@testable import TerminalUI

/// Bracketed paste (`ESC[200~` … `ESC[201~`) and Alt combinations.
struct InputDecoderPasteTests {
    @Test func aPasteIsOneEventWithItsNewlines() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("a\u{1B}[200~one\r\ntwo q1\u{1B}[201~b".utf8))
        #expect(events == [.key(.character("a")), .paste("one\ntwo q1"), .key(.character("b"))])
        #expect(!decoder.hasPending)
    }

    @Test func aPasteSplitAcrossReadsWaitsForItsEndMarker() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~日本".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        // Not a lone Escape waiting: the app's timeout does not cut a paste.
        #expect(!decoder.hasPending)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("語\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.feed(Array("1~\u{1B}[A".utf8)) == [.paste("日本語"), .key(.up)])
        #expect(!decoder.isInPaste)
    }

    @Test func escapeSequencesInsideAPasteAreText() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\u{1B}[200~x\u{1B}[Aq\u{1B}[201~".utf8))
        #expect(events == [.paste("x\u{1B}[Aq")])
    }

    @Test func altCombinations() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}b\u{1B}f\u{1B}\r".utf8)) == [.key(.alt("b")), .key(.alt("f")), .key(.altEnter)])
        // Escape alone, then a key in a later read, stays Escape and the key.
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }
}
