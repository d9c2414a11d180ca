#if canImport(Glibc)
    import Glibc
#endif

/// A running host's refused reloads, kept as a small JSON file in its private cache directory
/// so `tabhost inspect` in another terminal can say why the old version still runs.
///
/// Format: `{"pid": 1234, "refused": [{"module": "clock", "file": "/mods/clock.so", "reason": "…"}]}`
/// (`module` is null when the file never provided one). Replaced atomically (write + rename).
public struct HotReloadStatusFile: Sendable, Hashable {
    /// The file name inside a cache directory.
    public static let fileName = "status.json"

    /// The status file's path.
    public let path: String

    /// The status file of the cache directory `directory` (e.g. `ModuleCache.directory`).
    public init(directory: String) {
        path = directory + "/" + Self.fileName
    }

    /// Writes `refusals` (sorted by file) with this process's pid; returns false if the file could not be written.
    @discardableResult
    public func write(_ refusals: [HotReloadReport]) -> Bool {
        let items = refusals.sorted { $0.file < $1.file }.map { report in
            let module = report.module.map(Self.quoted) ?? "null"
            return "{\"module\": \(module), \"file\": \(Self.quoted(report.file)), \"reason\": \(Self.quoted(report.message))}"
        }
        let text = "{\"pid\": \(getpid()), \"refused\": [\(items.joined(separator: ", "))]}\n"
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return false }
        let written = fputs(text, file) >= 0
        guard fclose(file) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
