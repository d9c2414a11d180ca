import Foundation
import TabModuleLoading
import Testing

/// What counts as a control, how it is written out for a terminal, and that JSON stays JSON.
struct ControlCharactersTests {
    @Test func c0DelC1AndBidiControlsAreControlsAndNothingElse() {
        for value: UInt32 in [0x00, 0x07, 0x09, 0x0A, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(ControlCharacters.isControl(Unicode.Scalar(value)!), "\(value)")
        }
        for value: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x200D, 0x2029, 0x2070, 0x4E2D, 0x1F600] {
            #expect(!ControlCharacters.isControl(Unicode.Scalar(value)!), "\(value)")
        }
        #expect(ControlCharacters.first(in: "Café 東京 😀") == nil)
    }

    @Test func controlsAreWrittenOutAndTheRestKept() {
        #expect(ControlCharacters.escaped("a\u{1B}]52;c;x\u{07}b") == #"a\x1b]52;c;x\x07b"#)
        #expect(ControlCharacters.escaped("\u{9B}2J \u{202E}é") == #"\u{9b}2J \u{202e}é"#)
        #expect(ControlCharacters.escaped("one\ntwo\tthree", keeping: ["\n"]) == #"one"# + "\n" + #"two\x09three"#)
        #expect(ControlCharacters.escaped("plain") == "plain")
        // Lines of printable ASCII keep their newlines, and the controls among them are still written out.
        #expect(ControlCharacters.escaped("a\nb\n", keeping: ["\n"]) == "a\nb\n")
        #expect(ControlCharacters.escaped("a\nb\u{1B}[2J\n", keeping: ["\n"]) == "a\nb" + #"\x1b[2J"# + "\n")
        #expect(ControlCharacters.escaped("a\rb", keeping: ["\n"]) == #"a\x0db"#)
        #expect(ControlCharacters.escapedJSON(#"{"a": "plain\u001b"}"#) == #"{"a": "plain\u001b"}"#)
    }

    @Test func aProblemQuotesTheTextEscapedAndNamesTheFirstControl() {
        #expect(
            ControlCharacters.problem(in: "T\u{7F}\u{1B}", field: "title") == #"title "T\x7f\x1b" contains a control character (U+007F)"#)
        #expect(ControlCharacters.problem(in: "fine", field: "title") == nil)
        let long = String(repeating: "x", count: 100) + "\u{1B}"
        #expect(ControlCharacters.problem(in: long, field: "version")?.contains("…\" contains") == true)
    }

    @Test func escapedJSONIsTheSameJSONWithNoRawControl() throws {
        let value = ["name": "a\u{1B}b\u{7F}c\u{9B}d\u{202E}e\u{2066}f", "plain": "é"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        let escaped = ControlCharacters.escapedJSON(json)
        #expect(!escaped.unicodeScalars.contains { $0.value >= 0x7F && ControlCharacters.isControl($0) })
        #expect(escaped.contains(#"\u007f"#) && escaped.contains(#"\u009b"#) && escaped.contains(#"\u202e"#))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == value)
    }
}
