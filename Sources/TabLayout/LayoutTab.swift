import TabKit

/// One tab in a layout's tab container.
public struct LayoutTab: Sendable, Hashable {
    /// The unique tab name.
    public var name: String
    /// The module of the tab's root.
    public var module: String
    /// The parameter passed to `start`.
    public var param: String?
    /// A title override for the tab item.
    public var title: String?
    /// A glyph override for the tab item.
    public var glyph: String?
    /// An image override for the tab item.
    public var image: String?
    /// Whether the user may move it (default true).
    public var isCustomizable: Bool
    /// `"isolation": "none"`: the module is trusted to run in the host's process (all its instances).
    public var runsInProcess: Bool
    /// `"permissions": [...]`: what the layout's author grants the module (names as in the descriptor's
    /// `permissions`, `~/` not expanded). Kept for the sandbox to read; never written to the user's grants.
    public var permissions: [String]

    /// Creates a tab.
    public init(
        name: String, module: String, param: String? = nil, title: String? = nil, glyph: String? = nil,
        image: String? = nil, isCustomizable: Bool = true, runsInProcess: Bool = false, permissions: [String] = []
    ) {
        self.name = name
        self.module = module
        self.param = param
        self.title = title
        self.glyph = glyph
        self.image = image
        self.isCustomizable = isCustomizable
        self.runsInProcess = runsInProcess
        self.permissions = permissions
    }
}
