/// Turns terminal input bytes into key and mouse events; sequences may be split across reads.
///
/// A lone ESC is ambiguous (Escape, or the start of a sequence still in flight): it stays
/// pending until more bytes come or the caller, after a short timeout, calls `flush()`.
package struct InputDecoder: Sendable {
    /// Bytes of an incomplete sequence.
    public private(set) var pending: [UInt8] = []

    /// The largest button, column or row number an SGR mouse report may carry; larger ones are ignored.
    static let maximumMouseNumber = 65_535

    /// Creates a decoder.
    public init() {}

    /// True inside a bracketed paste (between `ESC[200~` and `ESC[201~`).
    public private(set) var isInPaste = false
    /// The text of the paste in progress.
    private var pasted: [UInt8] = []

    /// True when bytes wait for more input (call `flush()` after a timeout to take them as typed);
    /// false inside a paste, which waits for its end marker.
    public var hasPending: Bool { !pending.isEmpty && !isInPaste }

    /// Decodes `bytes` (appended to any pending bytes) into events.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if isInPaste {
                guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
                    // Keep what may be the start of the end marker; the rest is pasted text.
                    let keep = Self.markerPrefixLength(Self.pasteEnd, atEndOf: pending, from: index)
                    appendPasted(pending[index..<(pending.count - keep)])
                    pending.removeFirst(pending.count - keep)
                    return events
                }
                appendPasted(pending[index..<end])
                index = end + Self.pasteEnd.count
                events.append(.paste(Self.pastedText(pasted)))
                pasted.removeAll()
                isInPaste = false
                continue
            }
            switch decode(at: index) {
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .pasteStart(let length):
                isInPaste = true
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return events
            }
        }
        pending.removeAll()
        return events
    }

    /// Takes pending bytes as complete: a lone ESC becomes Escape, a cut sequence becomes its keys.
    /// A paste in progress waits for its end marker, however long it takes.
    public mutating func flush() -> [InputEvent] {
        guard !pending.isEmpty, !isInPaste else { return [] }
        let bytes = pending
        pending.removeAll()
        // A leading ESC is Escape; any other stuck byte is a cut UTF-8 sequence and is dropped.
        var events: [InputEvent] = bytes[0] == 0x1B ? [.key(.escape)] : []
        events += feed(bytes.dropFirst())
        events += flush()
        return events
    }

    /// The marker a terminal sends after pasted text (bracketed paste, mode 2004).
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    /// The most bytes one paste keeps (a text field holds less); the rest is dropped.
    static let maximumPasteBytes = 1 << 20

    private mutating func appendPasted(_ bytes: ArraySlice<UInt8>) {
        let room = Self.maximumPasteBytes - pasted.count
        if room > 0 { pasted += bytes.prefix(room) }
    }

    /// Pasted bytes as text, with the terminal's CR and CR LF line ends as "\n".
    static func pastedText(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        for (i, byte) in bytes.enumerated() {
            if byte == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { continue }
                text.append(0x0A)
            } else {
                text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= marker.count else { return nil }
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0], bytes[i..<(i + marker.count)].elementsEqual(marker) { return i }
            i += 1
        }
        return nil
    }

    /// How many bytes at the end of `bytes` (after `start`) are a proper prefix of `marker`.
    static func markerPrefixLength(_ marker: [UInt8], atEndOf bytes: [UInt8], from start: Int) -> Int {
        for length in stride(from: min(marker.count - 1, bytes.count - start), through: 1, by: -1)
        where bytes[(bytes.count - length)...].elementsEqual(marker.prefix(length)) {
            return length
        }
        return 0
    }

    enum Step {
        case event(InputEvent?, length: Int)
        case pasteStart(length: Int)
        case incomplete
    }

    func decode(at start: Int) -> Step {
        let byte = pending[start]
        switch byte {
        case 0x1B:
            return decodeEscape(at: start)
        case 0x0D, 0x0A:
            return .event(.key(.enter), length: 1)
        case 0x09:
            return .event(.key(.tab), length: 1)
        case 0x7F, 0x08:
            return .event(.key(.backspace), length: 1)
        case 0x01...0x1A:
            return .event(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
        case 0x00, 0x1C...0x1F:
            return .event(nil, length: 1)
        case 0x20..<0x7F:
            return .event(.key(.character(Unicode.Scalar(byte))), length: 1)
        default:
            return decodeUTF8(at: start)
        }
    }

    func decodeUTF8(at start: Int) -> Step {
        let lead = pending[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(nil, length: 1)  // a stray continuation or invalid byte
        }
        guard start + length <= pending.count else {
            // Incomplete unless a byte so far is already not a continuation.
            for i in (start + 1)..<pending.count where pending[i] & 0xC0 != 0x80 { return .event(nil, length: 1) }
            return .incomplete
        }
        let slice = Array(pending[start..<(start + length)])
        guard let string = String(validating: slice, as: UTF8.self), let scalar = string.unicodeScalars.first else {
            return .event(nil, length: 1)
        }
        return .event(.key(.character(scalar)), length: length)
    }

    func decodeEscape(at start: Int) -> Step {
        guard start + 1 < pending.count else { return .incomplete }
        let next = pending[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return decodeCSI(at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < pending.count else { return .incomplete }
            let key: Key? =
                switch pending[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                case UInt8(ascii: "M"): .enter
                default: nil
                }
            return .event(key.map { .key($0) }, length: 3)
        case 0x1B:
            // ESC ESC: the first is a lone Escape.
            return .event(.key(.escape), length: 1)
        case 0x0D:
            return .event(.key(.altEnter), length: 2)
        case 0x20..<0x7F:
            // Alt plus a printable character arrives as ESC and the character.
            return .event(.key(.alt(Unicode.Scalar(next))), length: 2)
        default:
            return .event(.key(.escape), length: 1)
        }
    }

    func decodeCSI(at start: Int) -> Step {
        // ESC [ params final, with params in 0x30–0x3F and the final byte in 0x40–0x7E.
        var index = start + 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else {
            return index - start > 32 ? .event(nil, length: index - start) : .incomplete
        }
        let final = pending[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return .event(nil, length: length - 1) }
        let params = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
        if params.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = params.dropFirst().split(separator: ";").compactMap { Int($0) }
            // Terminals send small positive numbers; "-9223372036854775808" made `column - 1` trap
            // (found by the fuzzer: Fuzz/corpus/input/crash-mouse-overflow).
            guard numbers.count == 3, numbers.allSatisfy({ (0...Self.maximumMouseNumber).contains($0) }) else {
                return .event(nil, length: length)
            }
            let event = MouseEvent(
                button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1,
                isPress: final == UInt8(ascii: "M"))
            return .event(.mouse(event), length: length)
        }
        let numbers = params.split(separator: ";").map { Int($0) ?? 0 }
        if final == UInt8(ascii: "~"), numbers == [200] { return .pasteStart(length: length) }
        // The second parameter is the modifier: 2 Shift, 3 Alt, 5 Ctrl.
        let modifier = numbers.count > 1 ? numbers[1] : 1
        let key: Key? =
            switch final {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): modifier == 2 ? .shiftRight : modifier == 3 || modifier == 5 ? .wordRight : .right
            case UInt8(ascii: "D"): modifier == 2 ? .shiftLeft : modifier == 3 || modifier == 5 ? .wordLeft : .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "Z"): .backTab
            case UInt8(ascii: "~"):
                switch numbers.first ?? 0 {
                case 1, 7: .home
                case 4, 8: .end
                case 3: .delete
                case 5: .pageUp
                case 6: .pageDown
                default: nil
                }
            default: nil
            }
        return .event(key.map { .key($0) }, length: length)
    }
}
