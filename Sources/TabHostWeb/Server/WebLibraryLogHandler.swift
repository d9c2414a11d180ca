import Logging

/// The log handler of the libraries under the web front end (Hummingbird, its WebSocket upgrade): their
/// lines, warnings and worse, go through the front end's `WebLogBudget` like its own. A client failing
/// upgrades or connections in a loop made them write hundreds of lines a second ("Error handling upgrade
/// result"), past the budget every line of the front end's keeps.
struct WebLibraryLogHandler: LogHandler {
    /// Where the lines go, at most `WebLogBudget.linesPerSecond` a second.
    let budget: WebLogBudget
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let details = metadata.merging(event.metadata ?? [:]) { $1 }.sorted { $0.key < $1.key }
        let suffix = details.isEmpty ? "" : " (" + details.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        budget.warning("web: \(event.message)\(suffix)")
    }
}
