import CTabModule

/// The host side of one module instance: a Swift face on `(const tab_host_api *, tab_host *)`.
///
/// Valid from `init(host:)` until the instance is released. Call it only on the host's thread,
/// from inside a module call (start, render, handle, appearance, state); every string is copied
/// by the host before the call returns. For work on other threads use ``ticker``.
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

    /// The only part of the host that is safe from any thread: asking for a tick.
    public var ticker: TickScheduler { TickScheduler(api: api, handle: handle) }

    /// Sets the title of the title bar and of the tab item, like UIKit's `title` (a layout's tab title still wins).
    public func setTitle(_ title: String) {
        title.withCString { api.pointee.set_title?(handle, $0) }
    }

    /// Sets the tab item's badge, shown verbatim; nil hides it.
    public func setBadge(_ badge: String?) {
        withOptionalCString(badge) { api.pointee.set_badge?(handle, $0) }
    }

    /// Asks for a new `render` soon (coalesced: at most one per frame).
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

    /// Writes one line to the host's log.
    public func log(level: LogLevel = .info, _ message: String) {
        message.withCString { api.pointee.log?(handle, level.rawValue, $0) }
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
