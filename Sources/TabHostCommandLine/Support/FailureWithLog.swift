/// An error whose one line follows a log of several lines (the tail of a failed build), which
/// `writeStandardError(failure:)` prints first, its lines kept.
public protocol FailureWithLog: Error, CustomStringConvertible {
    /// The log's lines, oldest first.
    var log: [String] { get }
}
