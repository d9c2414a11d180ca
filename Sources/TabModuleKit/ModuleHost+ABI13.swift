import CTabModule

/// ABI 1.3's host calls. On an older host they do nothing (and return false or 0).
extension ModuleHost {
    /// The node with that id (a field or toggle by its id, a row or button by its action) gets the
    /// focus at the next frame; the screen scrolls to it.
    public func focus(_ id: String) {
        guard hostHas(api, \.focus) else { return }
        id.withCString { api.pointee.focus?(handle, $0) }
    }

    /// Scrolls node `id` into view; for a lazy list `id`, its row `index`.
    public func scroll(to id: String, index: Int = 0) {
        guard hostHas(api, \.scroll_to) else { return }
        id.withCString { api.pointee.scroll_to?(handle, $0, max(0, index)) }
    }

    /// ``push(module:param:target:)`` whose ``Event/result(module:value:)`` comes back with `tag` as its module.
    @discardableResult
    public func pushForResult(_ module: String, param: String? = nil, target: PushTarget = .ownStack, tag: String) -> Bool {
        guard hostHas(api, \.push_for_result) else { return false }
        return module.withCString { name in
            withOptionalCString(param) { param in
                tag.withCString { (api.pointee.push_for_result?(handle, name, param, target.rawValue, $0) ?? 0) != 0 }
            }
        }
    }

    /// ``present(module:param:)`` whose result comes back with `tag`; with `confirmDismiss`, Esc, Back
    /// and a click outside send ``Event/dismiss`` instead of closing the modal.
    @discardableResult
    public func presentForResult(_ module: String, param: String? = nil, tag: String, confirmDismiss: Bool = false) -> Bool {
        guard hostHas(api, \.present_for_result) else { return false }
        let flags = confirmDismiss ? TAB_PRESENT_CONFIRM_DISMISS.rawValue : 0
        return module.withCString { name in
            withOptionalCString(param) { param in
                tag.withCString { (api.pointee.present_for_result?(handle, name, param, $0, flags) ?? 0) != 0 }
            }
        }
    }

    /// Puts `text` on the user's clipboard: only while handling an event the user caused (within 1 s).
    public func copy(_ text: String) {
        guard hostHas(api, \.copy_text) else { return }
        text.withCString { api.pointee.copy_text?(handle, $0) }
    }

    /// A one-line message over the bottom of the tab for about 3 s.
    public func toast(_ text: String, style: TextStyle = []) {
        guard hostHas(api, \.toast) else { return }
        text.withCString { api.pointee.toast?(handle, $0, style.rawValue) }
    }

    /// Milliseconds of the host's monotonic clock (the test clock under `tabhost test`); 0 on an older host.
    public var nowMilliseconds: UInt64 {
        guard hostHas(api, \.now_ms) else { return 0 }
        return api.pointee.now_ms?(handle) ?? 0
    }
}
