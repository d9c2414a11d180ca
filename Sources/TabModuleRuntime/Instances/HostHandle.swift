import Glibc

/// The host side of one module instance: what `tab_host *` points at.
///
/// `instanceID` and `ticks` are immutable, so `schedule_tick` may read them from
/// any thread; `delegate` and the call strings are touched on the main loop only.
final class HostHandle {
    let instanceID: UInt64
    let ticks: TickScheduler
    weak var delegate: (any ModuleInstanceDelegate)?
    /// C strings handed to the module during the module call in progress (`tab_item`'s), freed
    /// when the outermost call returns: the header promises they live that long.
    private var callStrings: [UnsafeMutablePointer<CChar>] = []

    init(instanceID: UInt64, ticks: TickScheduler) {
        self.instanceID = instanceID
        self.ticks = ticks
    }

    deinit {
        releaseCallStrings()
    }

    /// A copy of `string` that stays valid until `releaseCallStrings()`; nil if out of memory.
    func keepForCall(_ string: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(string) else { return nil }
        callStrings.append(copy)
        return UnsafePointer(copy)
    }

    /// Frees the strings of the module call that just returned. The instance calls it when its
    /// outermost module call returns (never in a nested one: the outer call may still hold them).
    func releaseCallStrings() {
        for pointer in callStrings { free(pointer) }
        callStrings.removeAll(keepingCapacity: true)
    }

    /// The opaque pointer handed to the module; valid while this box lives.
    var opaquePointer: OpaquePointer {
        OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// The box behind a `tab_host *` the module passed back.
    static func from(_ pointer: OpaquePointer?) -> HostHandle? {
        guard let pointer else { return nil }
        return Unmanaged<HostHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}
