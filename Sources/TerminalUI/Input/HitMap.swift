/// Regions of a rendered frame and what a click on each means.
package struct HitMap: Sendable, Hashable {
    /// The regions, in drawing order (later ones win where they overlap).
    public private(set) var regions: [HitRegion] = []

    /// Creates an empty map.
    public init() {}

    /// Adds a region; empty ones are ignored.
    public mutating func add(row: Int, columns: Range<Int>, _ target: HitTarget) {
        guard !columns.isEmpty else { return }
        regions.append(HitRegion(row: row, columns: columns, target: target))
    }

    /// What a click at (`column`, `row`) (0-based) means, or nil for nothing.
    public func target(column: Int, row: Int) -> HitTarget? {
        regions.last { $0.row == row && $0.columns.contains(column) }?.target
    }
}
