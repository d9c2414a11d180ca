import TabModuleLoading
import TerminalUI

/// The cells of `tabhost list`'s table, row by row, and the text that aligns them by display width.
struct ListTable {
    private let columns: Int
    private var cells: [String] = []
    private var cellWidths: [Int] = []
    private var widths: [Int]

    /// An empty table of `columns` columns, with room for `rows` rows.
    init(columns: Int, rows: Int) {
        self.columns = columns
        widths = Array(repeating: 0, count: columns)
        cells.reserveCapacity(columns * rows)
        cellWidths.reserveCapacity(columns * rows)
    }

    /// Adds the next cell (a row holds `columns` of them).
    mutating func append(_ text: String) {
        // Every cell can hold what a module or a file name chose: shown escaped, never acted on.
        let cell = ControlCharacters.escaped(text)
        let width = DisplayWidth.of(cell)
        let column = cells.count % columns
        widths[column] = max(widths[column], width)
        cells.append(cell)
        cellWidths.append(width)
    }

    /// The rows, a line each, their cells two columns apart (the last one unpadded).
    var text: String {
        // Into one byte buffer sized once, rather than a string grown cell by cell with a padding string for each.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cells.count / columns * (widths.reduce(0, +) + 2 * columns + 1))
        for index in cells.indices {
            bytes.append(contentsOf: cells[index].utf8)
            let column = index % columns
            if column < columns - 1 {
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[column] - cellWidths[index] + 2))
            } else {
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
