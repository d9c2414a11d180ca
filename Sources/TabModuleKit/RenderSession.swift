/// Marks whether a ``View`` may still be used: the host's `tab_view *` dies when `render` returns.
final class RenderSession {
    /// True only while the `render` call that made the view is running.
    var isOpen = true
    /// The row closures of the lazy lists this render added (``View/list(id:count:row:)``), by id:
    /// the host calls `list_row` for their rows during the render.
    var listRows: [String: (Int, inout View) -> Void] = [:]
}
