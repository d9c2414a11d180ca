import TabKit

/// A parsed layout file: the root of the tree plus named tab-container templates.
///
/// Schema (JSON; every key optional unless marked required):
/// ```
/// { "root": NODE (required; a stack or a tabs node),
///   "templates": { "@name": TABS, ... } }
/// NODE   = MODULE | STACK | TABS
/// MODULE = { "module": "name" or "@template" (required), "param": "…", "title": "…",
///            "isolation": "process"|"none", "permissions": ["network", "read:~/notes", …] }
/// STACK  = { "stack": MODULE or TABS (required; the stack's root) }
/// TABS   = { "tabs": [TAB, ...] (required), "title": "…", "bar": "top"|"bottom",
///            "capacity": 5 (0 = all shown), "style": "…", "tabBarModule": MODULE,
///            "acceptsNewModules": false, "popsToRootOnReselect": true }
/// "withoutTabs": ["detail", ...]    (modules that get no tab of their own in the container with
///                                    acceptsNewModules: ones the layout's modules open by name, or unused)
/// TAB    = { "name": "…" (required, unique), "module": "…" (required), "param": "…",
///            "title": "…", "glyph": "…", "image": "…", "customizable": true,
///            "isolation": "process"|"none", "permissions": [...] }
/// ```
/// A template is pushed by name with a param: the param becomes the container's title and is
/// passed to each tab's `start` (a tab's own "param" is used when the push gives none).
/// `"isolation": "none"` marks a module trusted: all its instances run in the host's process even
/// when the host isolates modules (see `inProcessModules`). `"permissions"` grants the module what the
/// layout's author curated (see `grantedPermissions`), with the names of docs/user/permissions.md.
public struct Layout: Sendable, Hashable {
    /// The root node (a stack or a tab container).
    public var root: LayoutNode
    /// Tab-container templates by name (names start with "@").
    public var templates: [String: LayoutTabContainer]
    /// Modules the container with `acceptsNewModules` gives no tab of their own although the layout
    /// places them nowhere: ones the layout's modules open by name (push, present, add_tab), or unused.
    public var withoutTabs: [String]

    /// Creates a layout.
    public init(root: LayoutNode, templates: [String: LayoutTabContainer] = [:], withoutTabs: [String] = []) {
        self.root = root
        self.templates = templates
        self.withoutTabs = withoutTabs
    }
}
