/// A step of an update test's setup that failed, with what it printed.
struct UpdateTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
