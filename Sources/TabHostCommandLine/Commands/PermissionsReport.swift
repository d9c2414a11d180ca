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

    /// What it asks for and was not granted (none with `unrestricted`).
    var missing: [String] {
        guard let asks, !granted.contains("unrestricted") else { return [] }
        return asks.filter { !granted.contains($0) }
    }

    /// The text lines: the module, then what it asks, what it was granted, and what it lacks with the
    /// command that grants it.
    var lines: [String] {
        func names(_ list: [String]) -> String { list.isEmpty ? "nothing" : list.joined(separator: " ") }
        let key = file ?? publisherKey.map { "publisher \($0)" } ?? "-"
        var lines = ["\(name) (\(key))"]
        lines.append("  asks:     " + (asks.map(names) ?? "- (module file not found)"))
        lines.append("  granted:  " + names(granted))
        if !missing.isEmpty {
            lines.append("  missing:  \(names(missing)) (tabhost grant \(name) \(missing.joined(separator: " ")), or Allow on its tab)")
        }
        if granted.contains("unrestricted") { lines.append("  warning:  unrestricted: no sandbox at all for this module") }
        return lines
    }

    private enum CodingKeys: String, CodingKey { case name, file, publisherKey, asks, granted, missing }

    /// Writes every field, `null` for an absent one.
    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(name, forKey: .name)
        try object.encode(file, forKey: .file)
        try object.encode(publisherKey, forKey: .publisherKey)
        try object.encode(asks, forKey: .asks)
        try object.encode(granted, forKey: .granted)
        try object.encode(asks == nil ? nil : missing, forKey: .missing)
    }
}
