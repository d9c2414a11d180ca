/// The host side of one module instance: what `tab_host *` points at.
///
/// `instanceID` and `ticks` are immutable, so `schedule_tick` may read them from
/// any thread; `delegate` is touched on the main loop only.
final class ModuleHostBox {
    let instanceID: UInt64
    let ticks: TickScheduler
    weak var delegate: (any ModuleHostDelegate)?

    init(instanceID: UInt64, ticks: TickScheduler) {
        self.instanceID = instanceID
        self.ticks = ticks
    }

    /// The opaque pointer handed to the module; valid while this box lives.
    var opaquePointer: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// The box behind a `tab_host *` the module passed back.
    static func from(_ pointer: OpaquePointer?) -> ModuleHostBox? {
        guard let pointer else { return nil }
        return Unmanaged<ModuleHostBox>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
