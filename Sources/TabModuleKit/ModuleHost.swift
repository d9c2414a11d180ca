import CTabModule

/// The host side of one module instance: a Swift face on `(const tab_host_api *, tab_host *)`.
///
/// Valid from `init(host:)` until the instance is released. Call it only on the host's thread,
/// from inside a module call (start, render, handle, appearance, state); every string is copied
/// by the host before the call returns. For work on other threads use ``threadSafe``: it is
/// `Sendable` and holds the calls the header makes safe from any thread.
public struct ModuleHost {
    /// The host's function table.
    let api: UnsafePointer<tab_host_api>
    /// The opaque `tab_host *` passed back to every host function.
    let handle: OpaquePointer

    /// Wraps the pointers `create` received.
    init(api: UnsafePointer<tab_host_api>, handle: OpaquePointer) {
        self.api = api
        self.handle = handle
    }

    /// The part of the host that is safe from any thread: asking for a tick (kept from ABI 1.0; see ``threadSafe``).
    public var ticker: TickScheduler { TickScheduler(api: api, handle: handle) }

    /// The calls that are safe from any thread: invalidate, ticks, timers, saveSoon and log (ABI 1.2).
    public var threadSafe: ThreadSafeHost { ThreadSafeHost(api: api, handle: handle) }

    /// Sets the title of the title bar and of the tab item, like UIKit's `title` (a layout's tab title still wins).
    public func setTitle(_ title: String) {
        title.withCString { api.pointee.set_title?(handle, $0) }
    }

    /// Sets the tab item's badge, shown verbatim; nil hides it.
    public func setBadge(_ badge: String?) {
        withOptionalCString(badge) { api.pointee.set_badge?(handle, $0) }
    }

    /// Asks for a new `render` soon (coalesced: at most one per frame). A module built with this kit
    /// (ABI 1.2) is rendered only after it, when it appears and when a front end needs a frame: call it
    /// after every change to what ``TabModule/render(into:)`` shows. Safe from any thread.
    public func invalidate() {
        api.pointee.invalidate?(handle)
    }

    /// Pushes a new instance of the module named `module`, started with `param`, onto `target`.
    /// Returns false if the module is unknown or fails to create.
    @discardableResult
    public func push(module: String, param: String? = nil, target: PushTarget = .ownStack) -> Bool {
        module.withCString { name in
            withOptionalCString(param) { param in
                (api.pointee.push?(handle, name, param, target.rawValue) ?? 0) != 0
            }
        }
    }

    /// Pops the top of the stack this instance is on (nothing happens at a root).
    public func pop() {
        api.pointee.pop?(handle)
    }

    /// Presents the module named `module` modally, full screen; returns whether it was presented.
    @discardableResult
    public func present(module: String, param: String? = nil) -> Bool {
        module.withCString { name in
            withOptionalCString(param) { param in
                (api.pointee.present?(handle, name, param) ?? 0) != 0
            }
        }
    }

    /// Dismisses the modal this instance is part of (or the top modal).
    public func dismiss() {
        api.pointee.dismiss?(handle)
    }

    /// The dynamic-tab call: selects the tab `name` and restarts it with `param` if it exists,
    /// else creates `module`, appends it as tab `name`, selects and starts it. Returns success.
    @discardableResult
    public func addTab(name: String, module: String, image: String? = nil, param: String? = nil) -> Bool {
        name.withCString { name in
            module.withCString { module in
                withOptionalCString(image) { image in
                    withOptionalCString(param) { param in
                        (api.pointee.add_tab?(handle, name, module, image, param) ?? 0) != 0
                    }
                }
            }
        }
    }

    /// Asks for one ``Event/tick`` after `delay` (rounded up to milliseconds, at most ~49 days).
    public func scheduleTick(after delay: Duration) {
        ticker.scheduleTick(after: delay)
    }

    /// Writes one line to the host's log. Safe from any thread (also through ``threadSafe``).
    public func log(level: LogLevel = .info, _ message: String) {
        message.withCString { api.pointee.log?(handle, level.rawValue, $0) }
    }

    /// Ends this screen: pops it, or dismisses the modal it presents, and sends ``Event/result(module:value:)``
    /// with `result` (nil for none; cut at 64 KiB) to the instance that pushed or presented it. Does nothing
    /// for a screen nobody pushed (a tab's root).
    public func finish(result: String? = nil) {
        guard hostHas(api, \.finish) else { return }
        withOptionalCString(result) { api.pointee.finish?(handle, $0) }
    }

    /// Shows an alert over the screen with the id `id`; the user's choice comes back as
    /// ``Event/alert(id:button:)`` with the button's label. Esc answers with the last button; no
    /// buttons gives one "OK" (at most 8 are kept). An alert shown while another is up waits for it.
    public func alert(id: String, title: String, message: String? = nil, buttons: [String] = []) {
        guard hostHas(api, \.alert) else { return }
        id.withCString { id in
            title.withCString { title in
                withOptionalCString(message) { message in
                    withCStringArray(buttons) { api.pointee.alert?(handle, id, title, message, $0, $1) }
                }
            }
        }
    }

    /// Sends ``Event/timer(id:)`` after `delay`, then every `interval` if one is given; safe from any
    /// thread (see ``ThreadSafeHost/setTimer(id:after:repeat:)``).
    public func setTimer(id: String, after delay: Duration, repeat interval: Duration? = nil) {
        threadSafe.setTimer(id: id, after: delay, repeat: interval)
    }

    /// Cancels the timer `id`: it never fires after this returns. Safe from any thread.
    public func cancelTimer(id: String) {
        threadSafe.cancelTimer(id: id)
    }

    /// Asks the host to save this instance's state soon (after a change made outside an event). Safe from any thread.
    public func saveSoon() {
        threadSafe.saveSoon()
    }

    /// The module's own writable directory (`$XDG_DATA_HOME/tabhost/data/NAME`, made on first use, kept
    /// across versions), or nil if it cannot be made.
    public var dataDirectory: String? {
        guard hostHas(api, \.data_dir) else { return nil }
        return copiedString(api.pointee.data_dir?(handle))
    }

    /// The directory the module's file was found in, where its own files lie: read it, never write it.
    public var moduleDirectory: String? {
        guard hostHas(api, \.module_dir) else { return nil }
        return copiedString(api.pointee.module_dir?(handle))
    }

    /// The number of items in the bar a tab-bar module draws (0 for content modules).
    public var tabCount: Int {
        guard hasTabBarCalls, let count = api.pointee.tab_count?(handle) else { return 0 }
        return count
    }

    /// The bar item at `index`, or nil if it is out of range.
    public func tabItem(at index: Int) -> TabBarItem? {
        guard hasTabBarCalls, index >= 0, let tabItem = api.pointee.tab_item else { return nil }
        // Zero-filled: a 1.0 host does not know `image` and leaves it NULL.
        var item = tab_bar_item()
        item.struct_size = UInt32(MemoryLayout<tab_bar_item>.size)
        guard tabItem(handle, index, &item) != 0 else { return nil }
        return TabBarItem(
            title: copiedString(item.title) ?? "", glyph: copiedString(item.glyph), badge: copiedString(item.badge),
            isSelected: item.selected != 0, image: copiedString(item.image))
    }

    /// Every bar item, in order.
    public var tabItems: [TabBarItem] {
        (0..<tabCount).compactMap { tabItem(at: $0) }
    }

    /// Whether the host's table is large enough to hold `tab_count` and `tab_item` (TAB_API_HAS).
    private var hasTabBarCalls: Bool {
        guard let offset = MemoryLayout<tab_host_api>.offset(of: \tab_host_api.tab_item) else { return false }
        return Int(api.pointee.struct_size) >= offset + MemoryLayout<UnsafeRawPointer?>.size
    }
}
