/// A layout file's problem lines on standard error, as `check-layout` and a run stopped by its
/// layout write them: at most `maximum`, then one line saying how many were left out.
enum ProblemLines {
    /// Problem lines written at most: a file of thousands of bad keys gets a screenful, not a flood.
    static let maximum = 100

    /// Writes `lines` (problems of `file`), cut after `maximum`.
    static func write(_ lines: [String], file: String) {
        for line in lines.prefix(maximum) { writeStandardError(line) }
        if lines.count > maximum {
            writeStandardError("\(file): \(lines.count - maximum) more problems not shown; fix these first")
        }
    }
}
