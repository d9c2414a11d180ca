/// The permissions a running host saw a module's sandbox refuse (where the host can see a refusal: the
/// seccomp rules `exec` and `network` would lift), published in its status file for `tabhost inspect`.
///
/// JSON: `{"module": "clock", "permissions": ["exec", "network"]}`.
public struct ModuleDeniedPermissions: Codable, Sendable, Hashable {
    /// The module's name.
    public var module: String
    /// The permissions refused, in the order first seen, each once.
    public var permissions: [String]

    /// Creates the denials of `module`.
    public init(module: String, permissions: [String]) {
        self.module = module
        self.permissions = permissions
    }

    /// The line the log and `tabhost inspect` show for one refused permission:
    /// "exec denied: grant `exec` (tabhost grant clock exec)".
    public static func line(permission: String, module: String) -> String {
        "\(permission) denied: grant `\(permission)` (tabhost grant \(module) \(permission))"
    }

    /// One line per permission (see `line(permission:module:)`).
    public var lines: [String] { permissions.map { Self.line(permission: $0, module: module) } }
}
