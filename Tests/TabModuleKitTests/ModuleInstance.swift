import CTabModule

/// One instance of a loaded module, driven the way the host drives it: through the descriptor's
/// C function pointers, with a recording host API.
final class ModuleInstance {
    /// The module's descriptor.
    let descriptor: UnsafePointer<tab_module_descriptor>
    /// Records the instance's host calls (it is the `tab_host *`).
    let host = CallLog()
    /// The host function table handed to `create`.
    let api: UnsafeMutablePointer<tab_host_api>
    /// The module's `void *self`.
    let me: UnsafeMutableRawPointer

    /// Calls `create` of a built module; throws if it returns NULL.
    convenience init(_ module: BuiltModule) throws {
        try self.init(descriptor: module.descriptor)
    }

    /// Calls `create` of `descriptor`; `apiSize` shortens the host table, as an older host builds it.
    init(descriptor: UnsafePointer<tab_module_descriptor>, apiSize: Int = MemoryLayout<tab_host_api>.size) throws {
        self.descriptor = descriptor
        api = RecordingHostAPI.make()
        api.pointee.struct_size = UInt32(apiSize)
        guard let me = descriptor.pointee.create?(api, host.opaque) else {
            api.deallocate()
            throw LoadFailure("create returned NULL")
        }
        self.me = me
    }

    deinit {
        descriptor.pointee.destroy?(me)
        api.deallocate()
    }

    /// Calls `start(param)`.
    func start(_ param: String?) {
        if let param { param.withCString { descriptor.pointee.start?(me, $0) } } else { descriptor.pointee.start?(me, nil) }
    }

    /// Calls `render` and returns the view calls it made; a lazy list draws its first three rows through
    /// the module's `list_row` during it, as the host does.
    func render() -> [String] {
        let view = CallLog()
        if let listRow = descriptor.pointee.list_row {
            let me = me
            view.drawListRows = { id, index, handle in listRow(me, id, index, handle) }
        }
        descriptor.pointee.render?(me, view.opaque)
        return view.take()
    }

    /// Sends an action event.
    func action(_ id: String) {
        id.withCString { id in
            var e = tab_event(
                struct_size: UInt32(MemoryLayout<tab_event>.size), type: UInt32(TAB_EVENT_ACTION.rawValue), action: id, key: 0, value: nil,
                focus: nil)
            descriptor.pointee.event?(me, &e)
        }
    }

    /// Sends a key or tick event.
    func send(type: tab_event_type, key: UInt32 = 0) {
        var e = tab_event(
            struct_size: UInt32(MemoryLayout<tab_event>.size), type: UInt32(type.rawValue), action: nil, key: key, value: nil, focus: nil)
        descriptor.pointee.event?(me, &e)
    }

    /// Sends a 1.2 event: `action` is its id, with `value` and `focus`; `size` shortens the struct as an
    /// older host builds it.
    func send(
        _ type: tab_event_type, _ action: String?, value: String? = nil, focus: String? = nil, size: Int = MemoryLayout<tab_event>.size
    ) {
        withOptional(action) { action in
            withOptional(value) { value in
                withOptional(focus) { focus in
                    var e = tab_event(
                        struct_size: UInt32(size), type: UInt32(type.rawValue), action: action, key: 0, value: value, focus: focus)
                    descriptor.pointee.event?(me, &e)
                }
            }
        }
    }

    /// Calls `save_state(buf, cap)` on a buffer of `capacity` bytes filled with 0xAA; returns the
    /// size the module reported and the buffer afterwards.
    func save(capacity: Int) -> (needed: Int, buffer: [UInt8]) {
        var buffer = [UInt8](repeating: 0xAA, count: capacity)
        let needed = buffer.withUnsafeMutableBytes { descriptor.pointee.save_state?(me, $0.baseAddress, capacity) ?? 0 }
        return (needed, buffer)
    }

    /// Calls `restore_state` with `bytes`; returns whether the module accepted them.
    func restore(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { descriptor.pointee.restore_state?(me, $0.baseAddress, $0.count) ?? 0 } != 0
    }
}

/// Calls `body` with a C string for `string`, or NULL.
private func withOptional<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
