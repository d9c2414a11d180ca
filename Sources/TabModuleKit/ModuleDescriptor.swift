/// What a Swift module declares about itself; the kit turns it into a C `tab_module_descriptor`.
public struct ModuleDescriptor: Sendable, Hashable {
    /// Unique id, `[a-z0-9._-]`, 1 to 64 bytes; plays the class name for push, present and addTab.
    public var name: String
    /// Free-form version shown by `tabhost list`, or nil.
    public var version: String?
    /// The tab item's title, UTF-8, at most 64 bytes.
    public var title: String
    /// A short symbol for text front ends (one or two cells), or nil.
    public var glyph: String?
    /// A PNG or SVG path relative to the module file (it must exist), or nil.
    public var image: String?
    /// Content screen (the default) or a tab bar drawn by the module.
    public var kind: ModuleKind
    /// What the module asks to be allowed (the user grants it): permission names such as `network`,
    /// `system`, `exec`, `read:PATH`, `write:PATH`, `unrestricted`; empty for nothing. At most 4 KiB
    /// joined with spaces, or the host refuses the module.
    public var permissions: [String]

    /// Makes a descriptor; only `name` and `title` are required.
    public init(
        name: String, version: String? = nil, title: String, glyph: String? = nil, image: String? = nil,
        kind: ModuleKind = .content, permissions: [String] = []
    ) {
        self.name = name
        self.version = version
        self.title = title
        self.glyph = glyph
        self.image = image
        self.kind = kind
        self.permissions = permissions
    }
}
