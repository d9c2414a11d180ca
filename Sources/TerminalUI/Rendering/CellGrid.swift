import TabKit

/// A width×height grid of cells: what one frame of the terminal shows.
package struct CellGrid: Sendable, Hashable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Cells in row-major order.
    public private(set) var cells: [Cell]

    /// Creates a blank grid (sizes below zero count as zero).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (0-based).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Draws `string` at (`x`, `y`) within `limit` columns (default: to the right edge), cut with
    /// "…" when it does not fit; returns the columns used. Controls are dropped, combining marks
    /// join the previous cell, a wide character never straddles the limit.
    @discardableResult
    public mutating func put(_ string: String, x: Int, y: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let room = min(limit ?? (width - x), width - x)
        guard room > 0 else { return 0 }
        let text = DisplayWidth.truncate(string, to: room)
        var column = x
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 {
                // A combining mark without its own column: attach it to the cell before.
                // Controls and bidirectional overrides are dropped, never attached: a terminal acts on them.
                if column > x, !character.unicodeScalars.contains(where: Self.isUnprintable) {
                    var lead = column - 1
                    if self[lead, y].isContinuation { lead -= 1 }
                    self[lead, y].text = Self.capped(self[lead, y].text + String(character))
                }
                continue
            }
            if column + w > x + room { break }
            clearWide(at: column, y: y)
            if w == 2 { clearWide(at: column + 1, y: y) }
            self[column, y] = Cell(text: Self.capped(String(character)), width: w, style: style)
            if w == 2 { self[column + 1, y] = Cell(text: "", width: 0, style: style) }
            column += w
        }
        return column - x
    }

    /// The most bytes one cell's text may hold (`Cell.maximumBytes`): a cluster of a letter and
    /// thousands of combining marks is one cell, and the terminal would be sent all of it on every frame.
    static func capped(_ text: String) -> String {
        guard text.utf8.count > Cell.maximumBytes else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > Cell.maximumBytes { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// C0, DEL, C1 and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069):
    /// what a module's text may hold that a terminal would act on or reorder by.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || DirectionControls.contains(scalar)
    }

    /// Fills `count` cells from (`x`, `y`) with spaces in `style` (e.g. to extend a highlight).
    public mutating func fill(x: Int, y: Int, count: Int, style: CellStyle = .plain, character: Character = " ") {
        guard y >= 0, y < height else { return }
        let end = min(width, x + count)
        var column = max(0, x)
        while column < end {
            clearWide(at: column, y: y)
            self[column, y] = Cell(text: String(character), width: 1, style: style)
            column += 1
        }
    }

    /// Before overwriting one half of a wide character, turns the other half into a space.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x < width else { return }
        let cell = self[x, y]
        if cell.width == 2, x + 1 < width { self[x + 1, y] = Cell(text: " ", style: cell.style) }
        if cell.width == 0, x > 0 { self[x - 1, y] = Cell(text: " ", style: self[x - 1, y].style) }
    }

    /// One row as text (wide characters once, trailing spaces kept).
    public func line(_ y: Int) -> String {
        var line = ""
        for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
        return line
    }

    /// The rows joined with "\n", trailing spaces trimmed: the form used by snapshot tests.
    public var text: String {
        (0..<height).map { y in
            var line = self.line(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
