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
    /// A text field the host edits (ABI 1.2).
    case textField(ViewTextField)
    /// An on/off switch (ABI 1.2); activating it sends its new value.
    case toggle(id: String, label: String, isOn: Bool)
    /// A progress bar (ABI 1.2): `fraction` from 0 to 1, nil while indeterminate; `label` may be nil.
    case progress(label: String?, fraction: Double?)
    /// A table (ABI 1.2).
    case table(ViewTable)
    /// One paragraph of styled runs (ABI 1.3: `spans`).
    case spans([ViewSpan])
    /// A lazy list (ABI 1.3: `list` and the module's `list_row`).
    case list(ViewList)
    /// `node` drawn in `style` (ABI 1.2: `style` before a node). Never nests, never empty.
    indirect case styled(ViewStyle, ViewNode)

    /// The node without its style.
    public var unstyled: ViewNode {
        if case .styled(_, let node) = self { return node.unstyled }
        return self
    }

    /// The style the node is drawn in (empty for a plain node).
    public var style: ViewStyle {
        if case .styled(let style, let node) = self { return style.union(node.style) }
        return []
    }

    /// `node` in `style`: the node itself when the style is empty, never a style around a style.
    public static func styling(_ node: ViewNode, _ style: ViewStyle) -> ViewNode {
        let combined = style.union(node.style)
        return combined.isEmpty ? node.unstyled : .styled(combined, node.unstyled)
    }
}
