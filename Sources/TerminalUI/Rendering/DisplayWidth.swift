/// Terminal column widths of text (a small wcwidth), since Foundation has none on Linux.
///
/// Wide (2 columns): East Asian Wide and Fullwidth ranges and emoji with default emoji
/// presentation (or followed by U+FE0F). Zero: combining marks, format characters and controls.
package enum DisplayWidth {
    // The tables are pairs, not `ClosedRange`s: making an array of ranges checks at run time that the
    // bound is `Comparable`, a scan of every conformance record of the binary on the way to a first frame.

    /// East Asian Wide/Fullwidth ranges (Unicode 15, EastAsianWidth.txt, W and F), emoji handled separately.
    static let wideRanges: [(first: UInt32, last: UInt32)] = [
        (0x1100, 0x115F), (0x2329, 0x232A), (0x2E80, 0x303E), (0x3041, 0x33FF), (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF), (0xA000, 0xA4CF), (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xF900, 0xFAFF),
        (0xFE10, 0xFE19), (0xFE30, 0xFE6F), (0xFF00, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4),
        (0x17000, 0x18AFF), (0x1B000, 0x1B2FF), (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248),
        (0x1F250, 0x1F251), (0x1F260, 0x1F265), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ]

    /// Zero-width ranges not covered by the general-category test (Hangul medial/final jamo, ZWSP…).
    static let zeroRanges: [(first: UInt32, last: UInt32)] = [
        (0x1160, 0x11FF), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
        (0xE0000, 0xE0FFF),
    ]

    /// The width of one scalar: 0, 1 or 2 columns (controls count 0: they are never drawn).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if zeroRanges.contains(where: { $0.first <= v && v <= $0.last }) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        if wideRanges.contains(where: { $0.first <= v && v <= $0.last }) { return 2 }
        return 1
    }

    /// The width of one grapheme cluster: its base's width, or 2 when an emoji selector (U+FE0F) follows.
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F, width == 1 { return 2 }
            if width == 0 { width = of(scalar) }
        }
        return width
    }

    /// The width of a string in columns.
    public static func of(_ string: String) -> Int {
        // Printable ASCII (most text: paths, names) is one column a byte; only the rest needs graphemes.
        // Over the contiguous bytes when there are (nearly always): `tabhost list` measures every cell.
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        if string.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(printable) }) ?? string.utf8.allSatisfy(printable) {
            return string.utf8.count
        }
        return string.reduce(0) { $0 + of($1) }
    }

    /// `string` cut to at most `width` columns, ending in "…" when cut; never splits a wide character.
    public static func truncate(_ string: String, to width: Int) -> String {
        if width <= 0 { return "" }
        if of(string) <= width { return string }
        var result = ""
        var used = 0
        for character in string {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Splits `string` into lines of at most `width` columns, breaking at spaces where possible
    /// and inside words longer than a line; explicit newlines start new lines. Spaces are kept as
    /// written (a line's indentation, a run between words: a compiler's caret line stays under its
    /// column), as the browser's `white-space: pre-wrap` keeps them; the spaces a line breaks at and
    /// those that end a line are dropped. At most `maximumLines` lines (the caller's budget of cells
    /// for one node); past them the last is `cutLine`. Linear in the text: a word longer than a line
    /// is walked once, not measured again after each piece cut off it.
    public static func wrap(_ string: String, to width: Int, maximumLines: Int = .max) -> [String] {
        guard width > 0, maximumLines > 0 else { return [] }
        var lines: [String] = []
        var cut = false
        paragraphs: for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.count >= maximumLines {
                cut = true
                break
            }
            var line = ""
            var lineWidth = 0
            // The spaces before the next word: the indentation at first.
            var gap = 0
            var rest = paragraph[...]
            while !rest.isEmpty {
                if lines.count >= maximumLines {
                    cut = true
                    break paragraphs
                }
                let spaces = rest.prefix { $0 == " " }
                gap += spaces.count
                rest = rest.dropFirst(spaces.count)
                let wordText = rest.prefix { $0 != " " }
                rest = rest.dropFirst(wordText.count)
                guard !wordText.isEmpty else { break }  // spaces that end the paragraph
                let wordWidth = of(String(wordText))
                if lineWidth + gap + wordWidth <= width {
                    line += String(repeating: " ", count: gap) + wordText
                    lineWidth += gap + wordWidth
                    gap = 0
                    continue
                }
                gap = 0
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                guard wordWidth > width else {
                    line = String(wordText)
                    lineWidth = wordWidth
                    continue
                }
                // Pieces of a line each; the last one starts the next line. Printable ASCII is one column
                // a byte: cut by bytes, without walking grapheme clusters.
                let bytes = Array(wordText.utf8)
                if bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
                    var offset = 0
                    while bytes.count - offset > width {
                        lines.append(String(decoding: bytes[offset..<(offset + width)], as: UTF8.self))
                        offset += width
                        if lines.count >= maximumLines {
                            cut = true
                            break paragraphs
                        }
                    }
                    line = String(decoding: bytes[offset...], as: UTF8.self)
                    lineWidth = bytes.count - offset
                    continue
                }
                for character in wordText {
                    let w = of(character)
                    if lineWidth + w > width && !line.isEmpty {
                        lines.append(line)
                        if lines.count >= maximumLines {
                            cut = true
                            break paragraphs
                        }
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)  // a wide character wider than the line still takes one
                    lineWidth += w
                }
            }
            lines.append(line)
        }
        if cut { lines = Array(lines.prefix(maximumLines - 1)) + [cutLine] }
        return lines
    }

    /// The last line of a text cut at its node's budget of cells.
    public static let cutLine = "… cut: the text is longer than its screen may lay out"
}
