import TabModuleBundle
import TabModuleLoading

/// What a first install asks the user about: the bundle, the key that signed it (to be pinned to its
/// name), and what the module asks to do.
public struct InstallQuestion: Sendable {
    /// The bundle's manifest (verified).
    public let manifest: BundleManifest
    /// The key that signed it; nil for an unsigned bundle.
    public let key: PublicKey?
    /// What the user granted a module of this name in this place before (an unsigned install keeps it;
    /// a first pin drops it): the question says so, since the bundle's own list does not show it.
    public var keptPermissions: [String] = []

    /// The question for `manifest`, signed by `key` (nil: unsigned), keeping `keptPermissions`.
    public init(manifest: BundleManifest, key: PublicKey?, keptPermissions: [String] = []) {
        self.manifest = manifest
        self.key = key
        self.keptPermissions = keptPermissions
    }

    /// The lines shown before "Install? [y/N]".
    public var lines: [String] {
        let who = "\(manifest.name) \(manifest.version) (\(manifest.title)) from \(manifest.publisher)"
        let key =
            self.key.map { "publisher key: \($0.keyID) (new for \(manifest.name): it will be pinned, as SSH pins a host key)" }
            ?? "publisher key: none (an unsigned bundle: nothing says who made it)"
        let asks =
            manifest.permissions.isEmpty
            ? "it asks for no permissions"
            : "it asks to: \(ModulePermissions.phrases(manifest.permissions)) (granted only when you allow it)"
        // An id is 8 bytes anyone can copy into a key of their own: the whole key is what to compare.
        let whole = self.key.map { ["the whole key: \($0.base64) (compare it with the publisher's .pub)"] } ?? []
        guard !keptPermissions.isEmpty else { return [who, key] + whole + [asks] }
        let kept =
            "it keeps what you granted \(manifest.name) here before: \(ModulePermissions.phrases(keptPermissions)) "
            + "(tabhost revoke \(manifest.name) drops it)"
        return [who, key] + whole + [asks, kept]
    }

    /// ``lines`` as rows of a terminal `columns` wide: each line broken where it would wrap, every row after
    /// a line's first indented, and runs of white space in the manifest's text made one space. A title or
    /// publisher padded to the terminal's width would otherwise wrap into a row that reads as one of the
    /// question's own (a fake `publisher key:` line above the real one); now only the question's lines start
    /// a row at its left edge.
    public func rows(columns: Int) -> [String] {
        let width = max(columns - 1, 24)  // a character in the last column leaves the cursor waiting to wrap
        var rows: [String] = []
        for line in lines {
            var row = ""
            var used = 0
            var lastWasSpace = false
            for character in line {
                let space = character.isWhitespace
                if space && lastWasSpace { continue }
                lastWasSpace = space
                // Counted two columns a scalar unless ASCII: a row may end early, never wrap on its own.
                let cells = character.unicodeScalars.allSatisfy(\.isASCII) ? 1 : 2 * character.unicodeScalars.count
                if used + cells > width {
                    rows.append(row)
                    row = Self.continuation
                    used = Self.continuation.count
                    if space { continue }
                }
                row.append(space ? " " : character)
                used += cells
            }
            rows.append(row)
        }
        return rows
    }

    /// What every row after a line's first starts with.
    static let continuation = "    "
}
