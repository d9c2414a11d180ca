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
        "\(permission) denied: grant `\(permission)` (tabhost grant \(module) \(shellWord(permission)))"
    }

    /// `text` as one shell word: as it is when it holds only characters no shell reads specially, else in
    /// single quotes (a path with a space, or a `;`, would otherwise make the command another one).
    static func shellWord(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "_-./:+=,@%".utf8.contains(byte)
        }
        if plain && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// One line per permission (see `line(permission:module:)`).
    public var lines: [String] { permissions.map { Self.line(permission: $0, module: module) } }
}
