import CTabModule

/// The `@convention(c)` functions a Swift module's descriptor points at. Each unboxes `self` and
/// forwards to the author's ``TabModule``; strings from the host are copied before use.
enum ModuleThunks {
    /// The C type of `tab_module_descriptor.create`.
    typealias Create = @convention(c) (UnsafePointer<tab_host_api>?, OpaquePointer?) -> UnsafeMutableRawPointer?

    /// One create function per export slot (see ``ExportRegistry``).
    static let create: [Create] = [
        { makeInstance(slot: 0, $0, $1) }, { makeInstance(slot: 1, $0, $1) },
        { makeInstance(slot: 2, $0, $1) }, { makeInstance(slot: 3, $0, $1) },
        { makeInstance(slot: 4, $0, $1) }, { makeInstance(slot: 5, $0, $1) },
        { makeInstance(slot: 6, $0, $1) }, { makeInstance(slot: 7, $0, $1) },
    ]

    /// Creates an instance of the type in `slot`, boxed and retained once for the host.
    static func makeInstance(slot: Int, _ api: UnsafePointer<tab_host_api>?, _ handle: OpaquePointer?)
        -> UnsafeMutableRawPointer?
    {
        guard let api, let handle, let type = ExportRegistry.type(inSlot: slot) else { return nil }
        let host = ModuleHost(api: api, handle: handle)
        guard let module = type.init(host: host) else { return nil }
        return Unmanaged.passRetained(ModuleBox(module: module, host: host)).toOpaque()
    }

    /// `start(self, param)`.
    static let start: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { me, param in
        guard let me else { return }
        ModuleBox.from(me).module.start(param: copiedString(param))
    }

    /// `render(self, view)`: the view is closed when the author's render returns.
    static let render: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = { me, handle in
        guard let me, let handle else { return }
        let box = ModuleBox.from(me)
        let session = RenderSession()
        let outer = box.render
        box.render = session
        defer {
            session.isOpen = false
            box.render = outer
        }
        var view = View(api: box.host.api, handle: handle, session: session)
        box.module.render(into: &view)
    }

    /// `list_row(self, id, index, view)` (ABI 1.3): the row closure the render gave ``View/list(id:count:row:)``.
    static let listRow: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int, OpaquePointer?) -> Void = {
        me, id, index, handle in
        guard let me, let id, let handle else { return }
        let box = ModuleBox.from(me)
        guard let session = box.render, let row = session.listRows[String(cString: id)] else { return }
        var view = View(api: box.host.api, handle: handle, session: session)
        row(index, &view)
    }

    /// `event(self, e)`.
    static let event: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<tab_event>?) -> Void = { me, e in
        guard let me, let e else { return }
        ModuleBox.from(me).module.handle(Event(e.pointee), focus: Event.focus(of: e.pointee))
    }

    /// `appearance(self, phase)`: phases newer than this kit are ignored.
    static let appearance: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void = { me, phase in
        guard let me, let phase = AppearancePhase(rawValue: phase) else { return }
        ModuleBox.from(me).module.appearance(phase)
    }

    /// `save_state(self, buf, cap)`: returns the size needed; writes only if it fits in `cap`.
    static let saveState: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int = {
        me, buffer, capacity in
        guard let me, let bytes = ModuleBox.from(me).module.saveState() else { return 0 }
        if let buffer, bytes.count <= capacity {
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        return bytes.count
    }

    /// `restore_state(self, data, len)`: nonzero when the author restored it.
    static let restoreState: @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Int32 = {
        me, data, length in
        guard let me, length >= 0, data != nil || length == 0 else { return 0 }
        let bytes = length == 0 ? [] : Array(UnsafeRawBufferPointer(start: data, count: length))
        return ModuleBox.from(me).module.restoreState(bytes) ? 1 : 0
    }

    /// `destroy(self)`: drops the host's reference; the instance deinitializes if nothing else holds it.
    static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { me in
        guard let me else { return }
        Unmanaged<ModuleBox>.fromOpaque(me).release()
    }
}
