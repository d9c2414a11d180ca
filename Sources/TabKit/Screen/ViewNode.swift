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
