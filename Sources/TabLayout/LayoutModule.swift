import TabKit

/// A module reference in a layout: name, start parameter and an optional title override.
public struct LayoutModule: Sendable, Hashable {
    /// The module name (or "@template").
    public var module: String
    /// The parameter passed to `start`.
    public var param: String?
    /// A title override (for templates: the container's title).
    public var title: String?
    /// `"isolation": "none"`: the module is trusted to run in the host's process (all its instances).
    public var runsInProcess: Bool
    /// `"permissions": [...]`: what the layout's author grants the module (names as in the descriptor's
    /// `permissions`, `~/` not expanded). Kept for the sandbox to read; never written to the user's grants.
    public var permissions: [String]

    /// Creates a module reference.
    public init(module: String, param: String? = nil, title: String? = nil, runsInProcess: Bool = false, permissions: [String] = []) {
        self.module = module
        self.param = param
        self.title = title
        self.runsInProcess = runsInProcess
        self.permissions = permissions
    }
}
