import CTabModule

/// The descriptor's `permissions` (ABI 1.2): space-separated names, checked when a module is loaded.
///
/// A name is `network`, `system`, `exec`, `unrestricted`, `read:PATH` or `write:PATH`, PATH being
/// absolute or starting with `~/`. The whole string is UTF-8 of at most
/// `TAB_MAX_PERMISSIONS_BYTES`; anything else refuses the module (code `badPermissions`).
public enum ModulePermissions {
    /// The names without a path.
    public static let plainNames: Set<String> = ["network", "system", "exec", "unrestricted"]
    /// The prefixes of the names that take a path.
    public static let pathPrefixes = ["read:", "write:"]
    /// `TAB_MAX_PERMISSIONS_BYTES`.
    public static let maximumBytes = Int(TAB_MAX_PERMISSIONS_BYTES)

    /// The permission names in `bytes`, in order (none for an empty string), or why they are refused.
    public static func parse(_ bytes: [UInt8]) -> Result<[String], ModulePermissionsProblem> {
        // Most modules ask for nothing: no string to make and walk (the metadata cache parses each entry's).
        if bytes.isEmpty { return .success([]) }
        guard bytes.count <= maximumBytes else {
            return .failure(ModulePermissionsProblem("permissions is longer than \(maximumBytes) bytes"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ModulePermissionsProblem("permissions is not valid UTF-8"))
        }
        // Before the names: a refusal quotes a name, and must not carry its escape sequence.
        if let problem = ControlCharacters.problem(in: text, field: "permissions") {
            return .failure(ModulePermissionsProblem(problem))
        }
        var names: [String] = []
        for part in text.split(separator: " ", omittingEmptySubsequences: true) {
            let name = String(part)
            if let problem = problem(name) { return .failure(ModulePermissionsProblem(problem)) }
            names.append(name)
        }
        return .success(names)
    }

    /// Why `name` is not a permission name; nil when it is one.
    public static func problem(_ name: String) -> String? {
        if plainNames.contains(name) { return nil }
        let shown = name.count > 64 ? String(name.prefix(64)) + "…" : name
        guard let prefix = pathPrefixes.first(where: { name.hasPrefix($0) }) else {
            return "unknown permission \"\(shown)\" (known: network, system, exec, unrestricted, read:PATH, write:PATH)"
        }
        let path = name.dropFirst(prefix.count)
        guard path.hasPrefix("/") || path.hasPrefix("~/") else {
            return "permission \"\(shown)\" needs an absolute path or one starting with ~/"
        }
        guard !path.contains(where: { $0.isNewline || $0 == "\t" || $0.asciiValue.map { $0 < 0x20 } == true }) else {
            return "permission \"\(shown)\" contains a control character"
        }
        return nil
    }
}
