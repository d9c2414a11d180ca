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

    /// What a `read:` or `write:` grant names, as the sandbox and the image rule apply it.
    public enum GrantedPath: Equatable, Sendable {
        /// The prefix (`read:` or `write:`) and the absolute path, `~/` expanded.
        case path(prefix: String, path: String)
        /// A `~/` path while HOME is not set: it names nothing.
        case needsHome
    }

    /// The path the grant `name` names (`~/` expanded with `home`), or nil for a permission that names no path.
    public static func grantedPath(_ name: String, home: String?) -> GrantedPath? {
        guard let prefix = pathPrefixes.first(where: { name.hasPrefix($0) }) else { return nil }
        if name.dropFirst(prefix.count).hasPrefix("~/") {
            guard let home else { return .needsHome }
            return .path(prefix: prefix, path: String(expandingHome(name, home: home).dropFirst(prefix.count)))
        }
        return .path(prefix: prefix, path: String(name.dropFirst(prefix.count)))
    }
}
