import CTabModule
import Glibc
import TabKit

/// The one `tab_host_api` table every instance receives: C thunks onto `HostHandle`.
///
/// Built once and never freed, so a module may keep the pointer for the life of an instance.
enum HostAPITable {
    nonisolated(unsafe) static let pointer: UnsafePointer<tab_host_api> = {
        let table = UnsafeMutablePointer<tab_host_api>.allocate(capacity: 1)
        table.initialize(to: makeTable())
        return UnsafePointer(table)
    }()

    private static func makeTable() -> tab_host_api {
        var api = tab_host_api()
        api.struct_size = UInt32(MemoryLayout<tab_host_api>.size)
        addHostCalls(to: &api)
        addViewCalls(to: &api)
        addHostCalls12(to: &api)
        addViewCalls12(to: &api)
        addHostCalls13(to: &api)
        addViewCalls13(to: &api)
        return api
    }

    /// The instance behind `host` when called on the main loop; nil (after one log line naming
    /// `call`) from another thread: the call is ignored, never trapped on.
    static func onLoop(_ host: OpaquePointer?, _ call: String) -> HostHandle? {
        guard let box = HostHandle.from(host), !box.ignoredOffLoop(call) else { return nil }
        return box
    }

    /// The builder behind `view` when called on the main loop (see `onLoop`).
    static func builder(_ view: OpaquePointer?, _ call: String) -> ModuleViewBuilder? {
        guard let builder = ModuleViewBuilder.from(view) else { return nil }
        if let host = builder.host, host.ignoredOffLoop(call) { return nil }
        return builder
    }

    /// The 1.0 host calls.
    private static func addHostCalls(to api: inout tab_host_api) {
        api.set_title = { host, title in
            guard let box = HostAPITable.onLoop(host, "set_title"), let title = HostAPITable.string(title, limit: HostAPITable.noteLimit)
            else { return }
            box.delegate?.moduleDidSetTitle(title)
        }
        api.set_badge = { host, badge in
            HostAPITable.onLoop(host, "set_badge")?.delegate?.moduleDidSetBadge(HostAPITable.string(badge, limit: HostAPITable.noteLimit))
        }
        api.invalidate = { host in
            // Any thread (1.2): from another one, queued for the main loop.
            guard let box = HostHandle.from(host) else { return }
            if box.isOnLoopThread {
                // Inside its own render it asks for the render in progress: nothing to do (and the host
                // counts an invalidate during a render as a change the render missed).
                if box.builder.isOpen { return }
                box.delegate?.moduleDidInvalidate()
            } else {
                box.ticks.post(box.instanceID, .invalidate)
            }
        }
        api.push = { host, module, param, target in
            guard let delegate = HostAPITable.onLoop(host, "push")?.delegate, let module = HostAPITable.string(module) else {
                return 0
            }
            let pushTarget = ModulePushTarget(rawValue: target) ?? .ownStack
            return delegate.modulePush(module: module, param: HostAPITable.string(param), target: pushTarget) ? 1 : 0
        }
        api.pop = { host in
            HostAPITable.onLoop(host, "pop")?.delegate?.modulePop()
        }
        api.present = { host, module, param in
            guard let delegate = HostAPITable.onLoop(host, "present")?.delegate, let module = HostAPITable.string(module)
            else { return 0 }
            return delegate.modulePresent(module: module, param: HostAPITable.string(param)) ? 1 : 0
        }
        api.dismiss = { host in
            HostAPITable.onLoop(host, "dismiss")?.delegate?.moduleDismiss()
        }
        api.add_tab = { host, name, module, image, param in
            guard let delegate = HostAPITable.onLoop(host, "add_tab")?.delegate,
                let name = HostAPITable.string(name), let module = HostAPITable.string(module)
            else { return 0 }
            let added = delegate.moduleAddTab(
                name: name, module: module, image: HostAPITable.string(image), param: HostAPITable.string(param))
            return added ? 1 : 0
        }
        api.schedule_tick = { host, milliseconds in
            // Any thread: touches only the box's immutable fields and the locked scheduler.
            guard let box = HostHandle.from(host) else { return }
            box.ticks.schedule(box.instanceID, afterMilliseconds: milliseconds)
        }
        api.log = { host, level, message in
            // Any thread (1.2): from another one, queued for the main loop.
            guard let box = HostHandle.from(host),
                let message = HostAPITable.string(message, limit: ModuleLimits.maximumLogLineBytes + ModuleLimits.stringMargin)
            else { return }
            box.log(ModuleLogLevel(clamping: level), message)
        }
        api.tab_count = { host in
            guard let delegate = HostAPITable.onLoop(host, "tab_count")?.delegate else { return 0 }
            return max(0, delegate.moduleTabCount())
        }
        api.tab_item = { host, index, out in
            guard let out, let box = HostAPITable.onLoop(host, "tab_item"), let item = box.delegate?.moduleTabItem(at: Int(index))
            else { return 0 }
            HostAPITable.fill(out, with: item, keepingStringsIn: box)
            return 1
        }
    }

    /// The 1.0 view calls.
    private static func addViewCalls(to api: inout tab_host_api) {
        api.section = { view, title in
            let title = HostAPITable.string(title).flatMap { $0.isEmpty ? nil : $0 }
            HostAPITable.builder(view, "section")?.append(.section(title: title), call: "section")
        }
        api.row = { view, title, detail, action in
            guard let builder = HostAPITable.builder(view, "row") else { return }
            let row = ViewRow(
                title: HostAPITable.string(title) ?? "", detail: HostAPITable.string(detail),
                action: HostAPITable.string(action))
            builder.append(.row(row), call: "row")
        }
        api.text = { view, text in
            guard let builder = HostAPITable.builder(view, "text"), let text = HostAPITable.string(text) else { return }
            builder.append(.text(text), call: "text")
        }
        api.button = { view, label, action in
            guard let builder = HostAPITable.builder(view, "button"), let label = HostAPITable.string(label) else { return }
            builder.append(.button(label: label, action: HostAPITable.string(action) ?? ""), call: "button")
        }
        api.image = { view, path, alt in
            guard let builder = HostAPITable.builder(view, "image"), let path = HostAPITable.string(path) else { return }
            builder.append(.image(path: builder.resolve(imagePath: path), alt: HostAPITable.string(alt)), call: "image")
        }
    }

    /// Bytes of a title or badge read from the module: as many as a child sends (the limits are far
    /// lower, and the cut's log line still sees the text was longer).
    static let noteLimit = ModuleLimits.maximumViewStringBytes + ModuleLimits.stringMargin

    /// A module's C string as Swift, read no further than `limit` bytes (a module's 100 MiB title
    /// costs no copy of it); invalid UTF-8 is repaired rather than trusted.
    static func string(_ pointer: UnsafePointer<CChar>?, limit: Int) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, limit)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// A module's C string as Swift; invalid UTF-8 is repaired rather than trusted.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// A module's `size_t` count: it arrives as `Int`, so SIZE_MAX (or any count past `Int.max`) is
    /// negative here; it means "very many", never none.
    static func count(_ raw: Int) -> Int { raw < 0 ? Int.max : raw }

    /// The first `limit` of a module's `count` C strings (a NULL array reads as none; a NULL
    /// string as nil). Only what is kept is read: a count past the limit never reads past it.
    static func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, limit: Int) -> [String?] {
        guard let array, count > 0 else { return [] }
        return (0..<min(count, limit)).map { string(array[$0]) }
    }

    /// Fills a caller-sized `tab_bar_item`, writing only the fields its `struct_size` holds (a 1.0
    /// module's smaller struct has no `image`). The strings belong to `box` until the module call in
    /// progress returns, so a module may read every item before drawing any (ABI 1.1).
    private static func fill(
        _ out: UnsafeMutablePointer<tab_bar_item>, with item: TabBarItem, keepingStringsIn box: HostHandle
    ) {
        func keep(_ string: String?) -> UnsafePointer<CChar>? { string.flatMap(box.keepForCall) }
        let size = Int(out.pointee.struct_size)
        func fits<T>(_ keyPath: KeyPath<tab_bar_item, T>) -> Bool {
            guard let offset = MemoryLayout<tab_bar_item>.offset(of: keyPath) else { return false }
            return size >= offset + MemoryLayout<T>.size
        }
        if fits(\.title) { out.pointee.title = keep(item.title) }
        if fits(\.glyph) { out.pointee.glyph = keep(item.glyph) }
        if fits(\.badge) { out.pointee.badge = keep(item.badge) }
        if fits(\.selected) { out.pointee.selected = item.isSelected ? 1 : 0 }
        if fits(\.image) { out.pointee.image = keep(item.image) }
    }
}
