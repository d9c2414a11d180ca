/// A screen's text as `#` lines of a failure report: each row after `  |`, trailing empty rows dropped.
enum ScreenDump {
    static func lines(_ text: String) -> [String] {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        while rows.count > 1, rows.last?.isEmpty == true { rows.removeLast() }
        return rows.map { "  |" + $0 }
    }
}
