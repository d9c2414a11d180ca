#if canImport(Glibc)
import Glibc
#endif

/// The permissions the user granted to modules, kept in `$XDG_CONFIG_HOME/tabhost/permissions.json`
/// (default `~/.config/tabhost/permissions.json`; see docs/user/permissions.md).
///
/// The file is private to the user (mode 0600 in a directory made 0700) and replaced atomically (a
/// temporary file, synced, then renamed): a crash leaves the old grants or the new ones. A file that
/// cannot be read or is not a valid store is reported (``problem``, one line) and treated as no grants;
/// it is never overwritten: ``save()`` refuses until the user fixes or moves it, so a typo in a
/// hand-edited file does not silently drop every grant.
public struct ModuleGrantStore: Sendable {
    /// The largest store read: far beyond any real number of grants.
    public static let maximumBytes = 1 << 20

    /// The store's path.
    public let path: String
    /// The grants, one per module key, in the order first granted.
    public private(set) var grants: [ModuleGrant]
    /// Why the file could not be used (then ``grants`` starts empty and ``save()`` refuses); nil when it
    /// was read or does not exist yet.
    public let problem: ModuleGrantStoreError?

    /// `$XDG_CONFIG_HOME/tabhost/permissions.json`, or `$HOME/.config/tabhost/permissions.json`; nil
    /// without either.
    public static func defaultPath() -> String? {
        // The XDG base directory rules: a relative XDG_CONFIG_HOME is ignored.
        if let config = ModuleSearchPath.environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return config + "/tabhost/permissions.json"
        }
        guard let home = ModuleSearchPath.environment("HOME") else { return nil }
        return home + "/.config/tabhost/permissions.json"
    }

    /// The store at `path`, read now; a missing file is an empty store.
    public init(path: String) {
        self.path = path
        do throws(ModuleGrantStoreError) {
            grants = try Self.read(path)
            problem = nil
        } catch {
            grants = []
            problem = error
        }
    }

    /// The grant for the module `name` in `file` (or from `publisherKey`), nil when it has none.
    public func grant(name: String, file: String?, publisherKey: String? = nil) -> ModuleGrant? {
        grants.first { $0.matches(name: name, file: file, publisherKey: publisherKey) }
    }

    /// The permissions granted to the module `name` in `file` (or from `publisherKey`): none for
    /// another file with the same name.
    public func permissions(name: String, file: String?, publisherKey: String? = nil) -> [String] {
        grant(name: name, file: file, publisherKey: publisherKey)?.permissions ?? []
    }

    /// Adds `permissions` to the module's grant (each once; the ones it has stay first).
    public mutating func grant(_ permissions: [String], name: String, file: String?, publisherKey: String? = nil) {
        if let index = grants.firstIndex(where: { $0.matches(name: name, file: file, publisherKey: publisherKey) }) {
            for permission in permissions where !grants[index].permissions.contains(permission) {
                grants[index].permissions.append(permission)
            }
        } else {
            var unique: [String] = []
            for permission in permissions where !unique.contains(permission) { unique.append(permission) }
            grants.append(ModuleGrant(name: name, file: file, publisherKey: publisherKey, permissions: unique))
        }
    }

    /// Takes `permissions` from the module's grant (nil: all of them); a grant left empty is removed.
    /// Returns the permissions actually taken away.
    @discardableResult
    public mutating func revoke(_ permissions: [String]?, name: String, file: String?, publisherKey: String? = nil) -> [String] {
        guard let index = grants.firstIndex(where: { $0.matches(name: name, file: file, publisherKey: publisherKey) }) else {
            return []
        }
        let had = grants[index].permissions
        let taken = permissions.map { names in had.filter { names.contains($0) } } ?? had
        grants[index].permissions.removeAll { taken.contains($0) }
        if grants[index].permissions.isEmpty { grants.remove(at: index) }
        return taken
    }

    /// Removes every grant to a module named `name`, whatever its file; returns how many there were.
    @discardableResult
    public mutating func revokeAll(name: String) -> Int {
        let before = grants.count
        grants.removeAll { $0.name == name }
        return before - grants.count
    }

    /// Writes the grants atomically (mode 0600; the directories it creates 0700). Refuses when the
    /// file was not valid when read (``problem``): it is the user's to fix or move away.
    public func save() throws(ModuleGrantStoreError) {
        if let problem {
            throw ModuleGrantStoreError(
                path: path, reason: "\(problem.reason), so it is left as it is",
                hint: "fix it or move it away (tabhost then starts a new one), and run the command again")
        }
        try Self.writeAtomically(ModuleGrantsFile.encode(grants), to: path)
    }
}
