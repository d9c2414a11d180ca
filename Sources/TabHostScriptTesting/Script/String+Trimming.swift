extension String {
    /// Without trailing spaces, tabs and carriage returns.
    var trimmingTrailingWhitespace: String {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" || last == "\r" { copy.removeLast() }
        return copy
    }
}
