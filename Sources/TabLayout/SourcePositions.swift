import TabKit

/// Line and column of byte offsets in a UTF-8 document, worked out only when an error names one.
///
/// The parser records a byte offset per value and key; working out every value's line and column
/// while parsing cost a layout of 1,000 tabs as much as the parse itself, and only errors need them.
/// The line table is built on the first question; lines are 1-based and end at line feeds, columns
/// are 1-based and count characters (grapheme clusters), so a tab or an emoji is one column.
final class SourcePositions {
    private let bytes: [UInt8]
    /// The offset where each line starts (built on the first question).
    private var lineStarts: [Int] = []
    /// Whether each line is ASCII (its columns are then byte counts).
    private var asciiLines: [Bool] = []
    /// The last column counted on a non-ASCII line: the next one on the same line counts on from it
    /// (`tabhost check-layout` asks in file order, and a long line would make recounting quadratic).
    private var mark = (line: 0, offset: 0, column: 1)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line and column of the byte at `offset` (at most the document's length).
    func location(of offset: Int) -> (line: Int, column: Int) {
        if lineStarts.isEmpty { buildLineTable() }
        // The last line starting at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        if asciiLines[low] { return (low + 1, offset - start + 1) }
        let counted = mark.line == low + 1 && mark.offset <= offset && mark.offset >= start
        let from = counted ? mark.offset : start
        let column = (counted ? mark.column : 1) + String(decoding: bytes[from..<offset], as: UTF8.self).count
        mark = (low + 1, offset, column)
        return (low + 1, column)
    }

    private func buildLineTable() {
        lineStarts = [0]
        var ascii = true
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                asciiLines.append(ascii)
                lineStarts.append(index + 1)
                ascii = true
            } else if byte >= 0x80 {
                ascii = false
            }
        }
        asciiLines.append(ascii)
    }
}
