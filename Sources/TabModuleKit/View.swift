import CTabModule

/// The view being built inside ``TabModule/render(into:)``: sections, rows, text, buttons, images.
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

    /// Starts a section with a header; nil or "" for none.
    public mutating func section(_ title: String? = nil) {
        guard session.isOpen else { return }
        withOptionalCString(title) { api.pointee.section?(handle, $0) }
    }

    /// Adds a row; `detail` is shown on its right; an `action` id makes it selectable.
    public mutating func row(_ title: String, detail: String? = nil, action: String? = nil) {
        guard session.isOpen else { return }
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
        guard session.isOpen else { return }
        text.withCString { api.pointee.text?(handle, $0) }
    }

    /// Adds a button labelled `label` that sends ``Event/action(_:)`` with `action`.
    public mutating func button(_ label: String, action: String) {
        guard session.isOpen else { return }
        label.withCString { label in
            action.withCString { api.pointee.button?(handle, label, $0) }
        }
    }

    /// Adds an image: `path` is relative to the module file (or absolute); `alt` is for text front ends.
    public mutating func image(_ path: String, alt: String? = nil) {
        guard session.isOpen else { return }
        path.withCString { path in
            withOptionalCString(alt) { api.pointee.image?(handle, path, $0) }
        }
    }
}
