extension ModulePermissions {
    /// `name` with a path starting `~/` (`read:~/notes`) made absolute under `home`, for use when a grant
    /// is applied (the store and the descriptor keep `~/` as typed); any other name unchanged.
    public static func expandingHome(_ name: String, home: String) -> String {
        guard let prefix = pathPrefixes.first(where: { name.hasPrefix($0) }) else { return name }
        let path = name.dropFirst(prefix.count)
        guard path.hasPrefix("~/") else { return name }
        let base = home.hasSuffix("/") ? String(home.dropLast()) : home
        return prefix + base + path.dropFirst()
    }
}
