import TabModuleLoading

/// What `tabhost permissions` shows of one module: what it asks for, what it was granted.
struct PermissionsReport: Encodable, Equatable {
    /// The module name.
    var name: String
    /// The module file (symbolic links resolved), the key of its grants.
    var file: String?
    /// The publisher key of a signed bundle (not yet: always nil).
    var publisherKey: String?
    /// What its descriptor asks for; nil for a grant whose module file is not found.
    var asks: [String]?
    /// What the user granted.
    var granted: [String]

    /// The text lines: the module, then what it asks and what it was granted.
    var lines: [String] {
        func names(_ list: [String]) -> String { list.isEmpty ? "nothing" : list.joined(separator: " ") }
        let key = file ?? publisherKey.map { "publisher \($0)" } ?? "-"
        var lines = ["\(name) (\(key))"]
        lines.append("  asks:     " + (asks.map(names) ?? "- (module file not found)"))
        lines.append("  granted:  " + names(granted))
        if granted.contains("unrestricted") { lines.append("  warning:  unrestricted: no sandbox at all for this module") }
        return lines
    }

    private enum CodingKeys: String, CodingKey { case name, file, publisherKey, asks, granted }

    /// Writes every field, `null` for an absent one.
    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(name, forKey: .name)
        try object.encode(file, forKey: .file)
        try object.encode(publisherKey, forKey: .publisherKey)
        try object.encode(asks, forKey: .asks)
        try object.encode(granted, forKey: .granted)
    }
}
