import Testing

@testable import TerminalUI

struct InputDecoderTests {
    static let table: [(String, [UInt8], [InputEvent])] = [
        ("CSI up", [0x1B, 0x5B, 0x41], [.key(.up)]),
        ("CSI down", Array("\u{1B}[B".utf8), [.key(.down)]),
        ("CSI right/left", Array("\u{1B}[C\u{1B}[D".utf8), [.key(.right), .key(.left)]),
        (
            "CSI shift right/left (tab reorder), ctrl and alt right/left (words)",
            Array("\u{1B}[1;2C\u{1B}[1;2D\u{1B}[1;5C\u{1B}[1;3D".utf8),
            [.key(.shiftRight), .key(.shiftLeft), .key(.wordRight), .key(.wordLeft)]
        ),
        ("SS3 arrows", Array("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD".utf8), [.key(.up), .key(.down), .key(.right), .key(.left)]),
        ("modified arrow", Array("\u{1B}[1;5A".utf8), [.key(.up)]),
        ("tab and shift-tab", Array("\t\u{1B}[Z".utf8), [.key(.tab), .key(.backTab)]),
        ("enter CR and LF", [0x0D, 0x0A], [.key(.enter), .key(.enter)]),
        ("backspace 0x7f and 0x08", [0x7F, 0x08], [.key(.backspace), .key(.backspace)]),
        (
            "digits and letters", Array("1q9Z".utf8),
            [.key(.character("1")), .key(.character("q")), .key(.character("9")), .key(.character("Z"))]
        ),
        ("ctrl-L and ctrl-C", [0x0C, 0x03], [.key(.control("l")), .key(.control("c"))]),
        ("UTF-8", Array("é中😀".utf8), [.key(.character("é")), .key(.character("中")), .key(.character("😀"))]),
        (
            "page keys and delete", Array("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[H\u{1B}[4~".utf8),
            [.key(.pageUp), .key(.pageDown), .key(.delete), .key(.home), .key(.end)]
        ),
        (
            "SGR mouse press and release", Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8),
            [
                .mouse(MouseEvent(button: 0, column: 11, row: 4, isPress: true)),
                .mouse(MouseEvent(button: 0, column: 11, row: 4, isPress: false)),
            ]
        ),
        (
            "SGR mouse wheel, big coordinates", Array("\u{1B}[<65;200;60M".utf8),
            [.mouse(MouseEvent(button: 65, column: 199, row: 59, isPress: true))]
        ),
        ("ESC ESC: the first is Escape", [0x1B, 0x1B, 0x5B, 0x41], [.key(.escape), .key(.up)]),
        ("unknown CSI is skipped", Array("\u{1B}[99xA".utf8), [.key(.character("A"))]),
        ("invalid UTF-8 is skipped", [0xFF, 0x41], [.key(.character("A"))]),
    ]

    @Test(arguments: table.indices)
    func decodes(_ index: Int) {
        let (name, bytes, expected) = Self.table[index]
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes) == expected, "\(name)")
        #expect(!decoder.hasPending, "\(name)")
    }

    /// Every sequence of the table, fed one byte at a time, gives the same events.
    @Test(arguments: table.indices)
    func decodesSplitAcrossReads(_ index: Int) {
        let (name, bytes, expected) = Self.table[index]
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in bytes { events += decoder.feed([byte]) }
        if name.hasPrefix("ESC ESC") {
            // A lone ESC followed by ESC is already known to be Escape.
            #expect(events == expected)
        } else {
            #expect(events == expected, "\(name)")
        }
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPending)
        // The rest of a sequence arriving in time makes it a key instead.
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed([0x5B]).isEmpty)
        #expect(decoder.feed([0x42]) == [.key(.down)])
        // A cut sequence flushed: Escape, then its bytes as typed.
        #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.flush() == [.key(.escape), .key(.character("["))])
    }

    @Test func mouseClickHelpers() {
        #expect(MouseEvent(button: 0, column: 0, row: 0, isPress: true).isLeftClick)
        #expect(!MouseEvent(button: 0, column: 0, row: 0, isPress: false).isLeftClick)
        #expect(!MouseEvent(button: 2, column: 0, row: 0, isPress: true).isLeftClick)
        #expect(MouseEvent(button: 64, column: 0, row: 0, isPress: true).isWheelUp)
        #expect(MouseEvent(button: 65, column: 0, row: 0, isPress: true).isWheelDown)
    }
}
