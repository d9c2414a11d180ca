/// The permission names a layout node may grant (`"permissions": ["network", "read:~/notes"]`).
///
/// The same names and the same rule as the descriptor's (`ModulePermissions` in TabModuleLoading,
/// which this target may not import: the layout format sees only the model); a test in
/// TabModuleRuntimeTests checks that the two agree on every name it tries.
public enum LayoutPermissions {
    /// The names without a path.
    public static let plainNames: Set<String> = ["network", "system", "exec", "unrestricted"]
    /// The prefixes of the names that take a path.
    public static let pathPrefixes = ["read:", "write:"]

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
