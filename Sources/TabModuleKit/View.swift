import CTabModule

/// The view being built inside ``TabModule/render(into:)``: sections, rows, text, buttons, images, and
/// (ABI 1.2) text fields, toggles, progress bars, tables, row actions and styles.
///
/// Valid only during that call: a kept copy does nothing afterwards (the host's `tab_view *` is
/// gone). Every string is copied by the host before the call returns.
public struct View {
    /// The host's function table.
    let api: UnsafePointer<tab_host_api>
    /// The opaque `tab_view *` of this render.
    let handle: OpaquePointer
    /// Closed when the render returns.
    let session: RenderSession
    /// The style ``style(_:)`` set for the next node.
    var nextStyle: TextStyle = []
    /// The style of every node inside the ``styled(_:_:)`` calls in progress.
    var enclosingStyle: TextStyle = []

    /// Makes the view of one render.
    init(api: UnsafePointer<tab_host_api>, handle: OpaquePointer, session: RenderSession) {
        self.api = api
        self.handle = handle
        self.session = session
    }

    /// Starts a section with a header; nil or "" for none.
    public mutating func section(_ title: String? = nil) {
        guard beginNode() else { return }
        withOptionalCString(title) { api.pointee.section?(handle, $0) }
    }

    /// Adds a row; `detail` is shown on its right; an `action` id makes it selectable.
    public mutating func row(_ title: String, detail: String? = nil, action: String? = nil) {
        guard beginNode() else { return }
        title.withCString { title in
            withOptionalCString(detail) { detail in
                withOptionalCString(action) { action in
                    api.pointee.row?(handle, title, detail, action)
                }
            }
        }
    }

    /// Adds a paragraph of text (may contain newlines).
    public mutating func text(_ text: String) {
        guard beginNode() else { return }
        text.withCString { api.pointee.text?(handle, $0) }
    }

    /// Adds a button labelled `label` that sends ``Event/action(_:)`` with `action`.
    public mutating func button(_ label: String, action: String) {
        guard beginNode() else { return }
        label.withCString { label in
            action.withCString { api.pointee.button?(handle, label, $0) }
        }
    }

    /// Adds an image: `path` is relative to the module file (or absolute); `alt` is for text front ends.
    public mutating func image(_ path: String, alt: String? = nil) {
        guard beginNode() else { return }
        path.withCString { path in
            withOptionalCString(alt) { api.pointee.image?(handle, path, $0) }
        }
    }

    /// Styles the next node added: ``TextStyle/error`` on a line that reports a failure,
    /// ``TextStyle/monospace`` on a table of figures. `[]` leaves it plain.
    public mutating func style(_ style: TextStyle) {
        guard session.isOpen else { return }
        nextStyle = style
    }

    /// Styles every node `body` adds with `style` (added to what ``style(_:)`` sets for one of them).
    public mutating func styled(_ style: TextStyle, _ body: (inout View) -> Void) {
        let outer = enclosingStyle
        enclosingStyle.formUnion(style)
        body(&self)
        enclosingStyle = outer
    }

    /// Adds a text field `id` showing `value` (your copy of its text; nil for empty) and `placeholder`
    /// when empty. The host does the editing: each edit sends ``Event/text(field:value:)`` with the whole
    /// text, Enter in a single-line field ``Event/submit(field:value:)``. Keep the value you were sent
    /// and give it back here; a different value replaces what the user typed (to clear it after a submit).
    public mutating func textField(id: String, value: String?, placeholder: String? = nil, options: TextFieldOptions = []) {
        guard hostHas(api, \.text_field), beginNode() else { return }
        id.withCString { id in
            withOptionalCString(value) { value in
                withOptionalCString(placeholder) { api.pointee.text_field?(handle, id, value, $0, options.rawValue) }
            }
        }
    }

    /// Adds an on/off switch `id` labelled `label`; flipping it sends ``Event/toggle(id:isOn:)``.
    public mutating func toggle(id: String, label: String, isOn: Bool) {
        guard hostHas(api, \.toggle), beginNode() else { return }
        id.withCString { id in
            label.withCString { api.pointee.toggle?(handle, id, $0, isOn ? 1 : 0) }
        }
    }

    /// Adds a progress bar at `fraction` (0 to 1, clamped), or an indeterminate one for nil.
    public mutating func progress(label: String? = nil, fraction: Double?) {
        guard hostHas(api, \.progress), beginNode() else { return }
        let value = fraction.map { $0.isNaN ? 0 : $0 } ?? -1
        withOptionalCString(label) { api.pointee.progress?(handle, $0, value) }
    }

    /// Starts a table with these column headers (nil or "" for none; at most 32 columns). Add its rows
    /// with ``cells(_:action:)``.
    public mutating func table(headers: [String?]) {
        guard hostHas(api, \.columns), beginNode() else { return }
        withCStringArray(headers) { api.pointee.columns?(handle, $0, $1) }
    }

    /// Adds a row to the table ``table(headers:)`` started; an `action` id makes it selectable.
    public mutating func cells(_ cells: [String?], action: String? = nil) {
        guard hostHas(api, \.cells), beginNode() else { return }
        withOptionalCString(action) { action in
            withCStringArray(cells) { api.pointee.cells?(handle, $0, $1, action) }
        }
    }

    /// Adds a secondary action to the last row or table row (UIKit's trailing swipe actions):
    /// activating it sends ``Event/action(_:)`` with `action`. At most 8 per row.
    public mutating func rowAction(label: String, action: String) {
        // Not a node: it belongs to the row before it, so no style is spent on it.
        guard session.isOpen, hostHas(api, \.row_action) else { return }
        label.withCString { label in
            action.withCString { api.pointee.row_action?(handle, label, $0) }
        }
    }

    /// Whether the view is still open; if so, sends the style the next node gets (if any) and clears it.
    mutating func beginNode() -> Bool {
        guard session.isOpen else { return false }
        let style = nextStyle.union(enclosingStyle)
        nextStyle = []
        if !style.isEmpty, hostHas(api, \.style) { api.pointee.style?(handle, style.rawValue) }
        return true
    }
}
