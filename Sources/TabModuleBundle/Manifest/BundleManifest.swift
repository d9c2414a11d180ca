import TabModuleLoading

/// `manifest.json`: what a bundle is (name, version, ABI), who publishes it, what it asks to do, where its
/// next version is announced, and every file it holds with its size and SHA-256.
///
/// Every field is required (`arch` of a file and `tab` excepted) and no other field is accepted: a manifest is
/// signed, so anything in it is meant, and anything not understood is refused rather than ignored.
public struct BundleManifest: Sendable, Hashable, Codable {
    /// The largest `manifest.json` read.
    public static let maximumBytes = 1 << 20

    /// The module's name: the descriptor's, and the rule of module names (`ModuleSearchPath.isValidModuleName`).
    public var name: String
    /// The module's version (the descriptor's), compared as SemVer for updates.
    public var version: SemanticVersion
    /// The module ABI it is built against, `MAJOR.MINOR` (e.g. `1.2`).
    public var abi: String
    /// The module's title, as its tab shows it.
    public var title: String
    /// One line saying what it does.
    public var description: String
    /// Who publishes it (a person or an organisation, as they sign).
    public var publisher: String
    /// Its licence (an SPDX expression such as `MIT`).
    public var license: String
    /// Its home page (`https:` or `http:`).
    public var homepage: String
    /// The permission names it asks for (the sandbox's names, `ModulePermissions`).
    public var permissions: [String]
    /// The `https:` URL of its signed update feed.
    public var updates: String
    /// Every file of the bundle besides the manifest and its signature.
    public var files: [BundleFileEntry]
    /// Whether the module is meant to be a tab (`"tab"`, optional, default true): a plain `tabhost run` gives an
    /// installed bundle that is one a tab of the user's own; false for a module only ever pushed or presented by
    /// another, which then gets no tab by itself. Written only when false.
    public var tab: Bool

    /// A manifest of these fields (not checked: `decode` checks what is read; `encoded` writes what is given).
    public init(
        name: String, version: SemanticVersion, abi: String, title: String, description: String, publisher: String, license: String,
        homepage: String, permissions: [String], updates: String, files: [BundleFileEntry], tab: Bool = true
    ) {
        self.name = name
        self.version = version
        self.abi = abi
        self.title = title
        self.description = description
        self.publisher = publisher
        self.license = license
        self.homepage = homepage
        self.permissions = permissions
        self.updates = updates
        self.files = files
        self.tab = tab
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, version, abi, title, description, publisher, license, homepage, permissions, updates, files, tab
    }

    /// Decodes strictly and checks every field (see `decode(_:path:)`).
    public init(from decoder: any Decoder) throws {
        try ManifestKey.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        let object = try decoder.container(keyedBy: CodingKeys.self)
        name = try object.decode(String.self, forKey: .name)
        let versionText = try object.decode(String.self, forKey: .version)
        guard let version = SemanticVersion(versionText) else {
            throw ManifestFieldProblem("version \"\(versionText.prefix(40))\" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.4.0)")
        }
        self.version = version
        abi = try object.decode(String.self, forKey: .abi)
        title = try object.decode(String.self, forKey: .title)
        description = try object.decode(String.self, forKey: .description)
        publisher = try object.decode(String.self, forKey: .publisher)
        license = try object.decode(String.self, forKey: .license)
        homepage = try object.decode(String.self, forKey: .homepage)
        permissions = try object.decode([String].self, forKey: .permissions)
        updates = try object.decode(String.self, forKey: .updates)
        files = try object.decode([BundleFileEntry].self, forKey: .files)
        tab = try object.decodeIfPresent(Bool.self, forKey: .tab) ?? true
        if let problem = checkProblem() { throw ManifestFieldProblem(problem) }
    }

    /// Writes every field, the version as text.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(name, forKey: .name)
        try object.encode(version.description, forKey: .version)
        try object.encode(abi, forKey: .abi)
        try object.encode(title, forKey: .title)
        try object.encode(description, forKey: .description)
        try object.encode(publisher, forKey: .publisher)
        try object.encode(license, forKey: .license)
        try object.encode(homepage, forKey: .homepage)
        try object.encode(permissions, forKey: .permissions)
        try object.encode(updates, forKey: .updates)
        try object.encode(files, forKey: .files)
        // The default is left out, so a manifest without the field reads and signs as before it existed.
        if !tab { try object.encode(tab, forKey: .tab) }
    }

    /// Why the fields (beyond their JSON types) are not a valid manifest, or nil when they are.
    package func checkProblem() -> String? {
        if let problem = ModuleNameRules.nameProblem(name) { return "name: \(problem)" }
        if !Self.isABI(abi) { return "abi \"\(abi.prefix(20))\" is not MAJOR.MINOR (e.g. 1.2)" }
        for (field, value) in [("title", title), ("description", description), ("publisher", publisher), ("license", license)] {
            if value.isEmpty { return "\(field) is empty" }
            if value.utf8.count > 1024 { return "\(field) is longer than 1024 bytes" }
            // As a descriptor's: nothing a terminal acts on, no override that makes the install question
            // read in another order, and no line or paragraph separator that starts a line of its own there.
            if value.unicodeScalars.contains(where: { ControlCharacters.isControl($0) || $0.value == 0x2028 || $0.value == 0x2029 }) {
                return "\(field) contains a control character"
            }
        }
        if !Self.isURL(homepage, schemes: ["https://", "http://"]) {
            return "homepage \"\(homepage.prefix(80))\" is not an https: or http: URL"
        }
        if !Self.isURL(updates, schemes: ["https://"]) {
            return "updates \"\(updates.prefix(80))\" is not an https: URL (feeds are fetched over HTTPS only)"
        }
        for permission in permissions {
            if let problem = ModulePermissions.problem(permission) { return "permissions: \(problem)" }
        }
        var seen: Set<String> = []
        var directories: Set<Substring> = []
        for file in files {
            if !seen.insert(file.path).inserted { return "files: \"\(file.path)\" is listed twice" }
            var index = file.path.startIndex
            while let slash = file.path[index...].firstIndex(of: "/") {
                directories.insert(file.path[..<slash])
                index = file.path.index(after: slash)
            }
        }
        if let both = files.first(where: { directories.contains(Substring($0.path)) }) {
            return "files: \"\(both.path)\" is listed as a file and is the directory of another file"
        }
        return nil
    }

    /// The manifest in `bytes` (read from `path`, for the error), checked field by field; one error line otherwise.
    public static func decode(_ bytes: [UInt8], path: String) throws(BundleError) -> BundleManifest {
        let hint = "fix manifest.json and pack the bundle again"
        guard bytes.count <= maximumBytes else {
            throw BundleError(.malformedManifest, path: path, reason: "manifest.json is larger than \(maximumBytes) bytes", hint: hint)
        }
        do {
            return try ManifestJSON.decode(bytes)
        } catch let problem as ManifestFieldProblem {
            throw BundleError(.invalidManifestField, path: path, reason: "manifest.json: \(problem.reason)", hint: hint)
        } catch let error as DecodingError {
            throw BundleError(.malformedManifest, path: path, reason: "manifest.json: \(ManifestJSON.describe(error))", hint: hint)
        } catch {
            throw BundleError(.malformedManifest, path: path, reason: "manifest.json is not valid JSON", hint: hint)
        }
    }

    /// The manifest as JSON: pretty-printed, keys sorted, a final newline (readable and diffable; what is signed).
    public func encoded() -> [UInt8] { ManifestJSON.encode(self) }

    private static func isABI(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.count <= 5 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    private static func isURL(_ text: String, schemes: [String]) -> Bool {
        guard let scheme = schemes.first(where: { text.lowercased().hasPrefix($0) }) else { return false }
        let rest = text.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && text.utf8.count <= 2048
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " }
    }
}
