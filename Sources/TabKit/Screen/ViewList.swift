/// A lazy list (`list`, ABI 1.3): `count` rows of one height, of which only those in `window` were
/// drawn (by the module's `list_row`); the others are placeholders until a later frame draws them.
public struct ViewList: Sendable, Hashable, Codable {
    /// The list's id (`scroll_to` and the front ends' row windows name it).
    public var id: String
    /// How many rows the list has.
    public var count: Int
    /// The index of the first drawn row.
    public var start: Int
    /// The drawn rows, from `start` on: each a `.row` or a one-row `.table`, maybe styled.
    public var rows: [ViewNode]

    /// The most rows a list may have: a module's larger `count` is cut to it, and no row past it is
    /// asked for, so that every sum and window of rows stays exact in the host's integers and in the
    /// browser's JavaScript (whose bit operations are 32-bit).
    public static let maximumCount = Int(Int32.max)

    /// Creates a list.
    public init(id: String, count: Int, start: Int = 0, rows: [ViewNode] = []) {
        self.id = id
        self.count = count
        self.start = start
        self.rows = rows
    }

    /// The indices of the drawn rows.
    public var window: Range<Int> { start..<(start + rows.count) }

    /// The drawn row at `index`, or nil for a row not drawn (a placeholder).
    public func row(at index: Int) -> ViewNode? {
        window.contains(index) ? rows[index - start] : nil
    }
}
