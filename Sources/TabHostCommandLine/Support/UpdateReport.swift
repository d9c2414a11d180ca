/// What `tabhost update` did: a line for each module updated or up to date, and one for each refused or
/// failed (the others were still updated).
public struct UpdateReport: Sendable {
    /// The lines for standard output.
    public var lines: [String] = []
    /// The lines for standard error; any makes the exit status 1.
    public var problems: [String] = []

    /// An empty report.
    public init() {}
}
