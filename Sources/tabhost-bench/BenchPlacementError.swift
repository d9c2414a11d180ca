/// A placement step failed: what, and the system's reason.
struct BenchPlacementError: Error, CustomStringConvertible {
    /// One line.
    var description: String
}
