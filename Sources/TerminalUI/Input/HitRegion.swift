/// A run of cells on one row that means one `HitTarget`.
package struct HitRegion: Sendable, Hashable {
    /// The row (0-based).
    public var row: Int
    /// The columns covered (0-based, half-open).
    public var columns: Range<Int>
    /// What a click here means.
    public var target: HitTarget

    /// Creates a region.
    public init(row: Int, columns: Range<Int>, target: HitTarget) {
        self.row = row
        self.columns = columns
        self.target = target
    }
}
