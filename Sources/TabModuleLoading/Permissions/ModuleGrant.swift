import FoundationEssentials

/// The permissions the user granted one module, as the permissions store keeps them.
///
/// A grant is keyed by the module's name and its file (`file`), so that another file that declares the
/// same name inherits nothing. A module that came as a signed bundle will be keyed by its name and its
/// publisher's key instead (`publisherKey`, filled in by the bundle work; nil until then).
public struct ModuleGrant: Sendable, Equatable, Codable {
    /// The module name (`[a-z0-9._-]`, 1–64 bytes).
    public var name: String
    /// The absolute path of the module file the grant is for (symbolic links resolved); nil for a grant
    /// keyed by `publisherKey` alone.
    public var file: String?
    /// The publisher key of the signed bundle the module came in; nil for a module keyed by its file.
    public var publisherKey: String?
    /// The granted permission names, in the order first granted, each once, stored as typed (`~/` is
    /// expanded when a grant is used, not here).
    public var permissions: [String]

    /// A grant of `permissions` to the module `name` in `file` (or from `publisherKey`).
    public init(name: String, file: String?, publisherKey: String? = nil, permissions: [String]) {
        self.name = name
        self.file = file
        self.publisherKey = publisherKey
        self.permissions = permissions
    }

    /// True when this grant is for the module `name` whose file is `file` (or whose bundle was signed
    /// by `publisherKey`): a publisher key, when both have one, decides alone.
    public func matches(name: String, file: String?, publisherKey: String?) -> Bool {
        guard self.name == name else { return false }
        if let key = self.publisherKey, let publisherKey { return key == publisherKey }
        guard self.publisherKey == nil, publisherKey == nil, let mine = self.file, let file else { return false }
        return mine == file
    }

    private enum CodingKeys: String, CodingKey { case name, file, publisherKey, permissions }

    /// Writes every field, `null` for an absent file or publisher key, so that the file shows them.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(name, forKey: .name)
        try object.encode(file, forKey: .file)
        try object.encode(publisherKey, forKey: .publisherKey)
        try object.encode(permissions, forKey: .permissions)
    }
}
