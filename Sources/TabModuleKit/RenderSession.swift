/// Marks whether a ``View`` may still be used: the host's `tab_view *` dies when `render` returns.
final class RenderSession {
    /// True only while the `render` call that made the view is running.
    var isOpen = true
}
