/// A table of a content view (`columns` then `cells`, ABI 1.2): aligned columns in the terminal, a
/// real table in the browser.
public struct ViewTable: Sendable, Hashable, Codable {
    /// The column headers (may be empty strings; an empty array for a table without headers).
    public var headers: [String]
    /// The rows, in order.
    public var rows: [ViewTableRow]

    /// Creates a table.
    public init(headers: [String], rows: [ViewTableRow] = []) {
        self.headers = headers
        self.rows = rows
    }

    /// The number of columns: the widest of the headers and the rows.
    public var columnCount: Int {
        rows.reduce(headers.count) { max($0, $1.cells.count) }
    }
}
