/// A step that failed: the lines that say why (the first names the step).
struct StepFailure: Error {
    var lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    init(_ line: String) {
        lines = [line]
    }
}
