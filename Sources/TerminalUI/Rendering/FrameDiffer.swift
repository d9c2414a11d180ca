/// Turns the previous frame into the next with the fewest bytes it reasonably can: cursor moves
/// and changed runs only, or a full repaint when there is no previous frame, after a resize or
/// when asked (Ctrl-L). The caller writes each result with one `write`.
package struct FrameDiffer: Sendable {
    /// The frame the terminal shows now; nil forces the next frame to be a full repaint.
    public private(set) var previous: CellGrid?
    /// Bytes of the last frame produced.
    public private(set) var lastFrameBytes = 0
    /// True when the last frame was a full repaint.
    public private(set) var lastFrameWasFull = false
    /// Unchanged cells between two changed runs that are rewritten instead of moving the cursor.
    static let gapToBridge = 6

    /// Creates a differ with no previous frame.
    public init() {}

    /// Forgets the previous frame, so the next one repaints everything (Ctrl-L, resize).
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that turn the terminal from the previous frame into `grid`; remembers `grid`.
    ///
    /// Autowrap is off while a frame is drawn (`?7l` … `?7h`): text the terminal draws wider than it was
    /// measured here (a grapheme cluster the two count differently, such as an emoji with a skin tone) is
    /// cut at the row's end rather than wrapped onto the next row, where a module's text would cover the
    /// host's, or, on the last row, scroll the whole screen away. It is on again between frames, so a host
    /// killed outright leaves the shell a terminal that wraps.
    public mutating func frame(_ grid: CellGrid, full: Bool = false) -> [UInt8] {
        var bytes: [UInt8]
        if !full, let previous, previous.width == grid.width, previous.height == grid.height {
            bytes = Self.diff(from: previous, to: grid)
            lastFrameWasFull = false
        } else {
            bytes = Self.fullRepaint(grid)
            lastFrameWasFull = true
        }
        if !bytes.isEmpty { bytes = Self.autowrapOff + bytes + Self.autowrapOn }
        previous = grid
        lastFrameBytes = bytes.count
        return bytes
    }

    static let autowrapOff = Array("\u{1B}[?7l".utf8)
    static let autowrapOn = Array("\u{1B}[?7h".utf8)

    /// Bytes that draw `grid` on a cleared screen.
    public static func fullRepaint(_ grid: CellGrid) -> [UInt8] {
        var out = Output()
        out.append("\u{1B}[0m\u{1B}[H\u{1B}[2J")
        for y in 0..<grid.height {
            // Skip trailing blank plain cells: the clear already drew them.
            let end = grid.blankSuffixStart(ofRow: y)
            if end > 0 { out.write(grid, y: y, from: 0, to: end) }
        }
        out.append("\u{1B}[0m")
        return out.bytes
    }

    /// Bytes that turn `old` into `new` (same size): changed runs only.
    public static func diff(from old: CellGrid, to new: CellGrid) -> [UInt8] {
        var out = Output()
        for y in 0..<new.height {
            if new.rowHasSameBytes(y, as: old) { continue }
            // Past `blankFrom` the new row is blank: erase it with one EL instead of writing spaces
            // (a tab switch replaces text of other lengths on most rows).
            let blankFrom = new.blankSuffixStart(ofRow: y)
            var x = 0
            while x < new.width {
                guard old[x, y] != new[x, y] else {
                    x += 1
                    continue
                }
                if x >= blankFrom {
                    out.eraseToEndOfLine(y: y, from: x)
                    break
                }
                var start = x
                if start > 0, new[start, y].isContinuation { start -= 1 }
                // Extend the run over changes separated by short unchanged gaps.
                var end = x + 1
                var probe = end
                while probe < new.width, probe - end <= gapToBridge {
                    if old[probe, y] != new[probe, y] { end = probe + 1 }
                    probe += 1
                }
                if end < new.width, new[end, y].isContinuation { end += 1 }
                if end > blankFrom {
                    out.write(new, y: y, from: start, to: blankFrom)
                    out.eraseToEndOfLine(y: y, from: blankFrom)
                    break
                }
                out.write(new, y: y, from: start, to: end)
                x = end
            }
        }
        if !out.bytes.isEmpty { out.append("\u{1B}[0m") }
        return out.bytes
    }

    /// Whether terminals agree with `DisplayWidth` on `text`'s width: one scalar of a block whose width has
    /// not changed in years of Unicode versions (Latin, Greek, Cyrillic, common punctuation and symbols,
    /// box drawing, CJK ideographs, kana, Hangul syllables). Anything else is followed by a cursor move.
    static func hasSettledWidth(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return false }
        return settledRanges.contains { $0.first <= scalar.value && scalar.value <= $0.last }
    }

    /// The blocks of ``hasSettledWidth(_:)``.
    static let settledRanges: [(first: UInt32, last: UInt32)] = [
        (0x20, 0x7E), (0xA0, 0x2FF), (0x370, 0x3FF), (0x400, 0x4FF), (0x2010, 0x2027), (0x2030, 0x205E),
        (0x20A0, 0x20C0), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2500, 0x259F), (0x3041, 0x3096), (0x30A1, 0x30FA),
        (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
    ]

    /// An output buffer that tracks the cursor and the current style to skip redundant sequences.
    struct Output {
        var bytes: [UInt8] = []
        var cursor: (x: Int, y: Int)? = nil
        var style: CellStyle? = nil

        init() {
            bytes.reserveCapacity(4096)
        }

        mutating func append(_ string: String) {
            bytes.append(contentsOf: string.utf8)
        }

        /// Clears from column `x` of row `y` to the end of the row, in the default style.
        mutating func eraseToEndOfLine(y: Int, from x: Int) {
            if cursor == nil || cursor! != (x, y) {
                append("\u{1B}[\(y + 1);\(x + 1)H")
            }
            if style != CellStyle() {
                append("\u{1B}[0m")
                style = CellStyle()
            }
            append("\u{1B}[K")
            cursor = (x, y)
        }

        mutating func write(_ grid: CellGrid, y: Int, from start: Int, to end: Int) {
            if cursor == nil || cursor! != (start, y) {
                append("\u{1B}[\(y + 1);\(start + 1)H")
            }
            var x = start
            while x < end {
                let cell = grid[x, y]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                if style != cell.style {
                    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
                    cell.style.appendSGRParameters(to: &bytes)
                    bytes.append(UInt8(ascii: "m"))
                    style = cell.style
                }
                append(cell.text)
                x += max(1, cell.width)
                // A character terminals may draw wider or narrower than measured here (a cluster of several
                // scalars, a script newer than a terminal's tables, an unassigned code point): the next cell
                // is placed by position, so a disagreement stays in this cell rather than shifting the rest of
                // the row over the host's own (a neighbouring tab's label, a row's chevron).
                if cell.text.utf8.count > 1, x < end, !FrameDiffer.hasSettledWidth(cell.text) {
                    append("\u{1B}[\(y + 1);\(x + 1)H")
                }
            }
            cursor = (x, y)
            // After the last column the terminal's cursor position is uncertain (pending wrap).
            if x >= grid.width { cursor = nil }
        }
    }
}
