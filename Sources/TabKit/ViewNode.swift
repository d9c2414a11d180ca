/// One element of a content view tree, as a module builds it inside `render`.
///
/// Front ends draw these; they never call into a module. Action ids are opaque
/// strings chosen by the module (or by TabKit for its own screens, such as More).
public enum ViewNode: Sendable, Hashable {
    /// Starts a section; `title` is its header (nil for none).
    case section(title: String?)
    /// A row; selectable when `action` is non-nil.
    case row(ViewRow)
    /// A paragraph of text; may contain newlines.
    case text(String)
    /// A button that sends `action` when activated.
    case button(label: String, action: String)
    /// An image: `path` is absolute (resolved by the loader); `alt` is what text front ends show.
    case image(path: String, alt: String?)
}

/// A row of a content view tree.
public struct ViewRow: Sendable, Hashable {
    /// The main text.
    public var title: String
    /// Secondary text shown after the title (nil for none).
    public var detail: String?
    /// Action id sent when the row is activated; nil makes the row inert.
    public var action: String?
    /// A short symbol drawn before the title (the More list shows tab glyphs here).
    public var glyph: String?
    /// A badge drawn at the end of the row, verbatim (the More list shows tab badges here).
    public var badge: String?

    /// Creates a row.
    public init(title: String, detail: String? = nil, action: String? = nil, glyph: String? = nil, badge: String? = nil) {
        self.title = title
        self.detail = detail
        self.action = action
        self.glyph = glyph
        self.badge = badge
    }
}

/// The content of one screen: an ordered list of nodes.
public struct ViewTree: Sendable, Hashable {
    /// The nodes in display order.
    public var nodes: [ViewNode]

    /// Creates a tree from `nodes`.
    public init(_ nodes: [ViewNode] = []) {
        self.nodes = nodes
    }

    /// The action ids of the activatable nodes (rows with an action, buttons), in display order.
    public var focusableActions: [String] {
        nodes.compactMap { node in
            switch node {
            case .row(let row): row.action
            case .button(_, let action): action
            default: nil
            }
        }
    }
}
