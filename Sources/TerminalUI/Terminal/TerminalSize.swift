/// A terminal size in cells.
public struct TerminalSize: Sendable, Hashable {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
