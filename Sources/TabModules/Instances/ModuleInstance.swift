import CTabModule
import Synchronization
import TabKit

/// One live instance of a loaded module: the `self` pointer its `create` returned,
/// with Swift methods for every descriptor function.
///
/// Main-loop only. The instance keeps `owner` (the loaded image) alive, so the
/// code it calls stays mapped; it calls `destroy` exactly once, never in the
/// middle of one of the module's own calls.
public final class ModuleInstance {
    private static let nextID = Atomic<UInt64>(1)

    /// A process-unique id, never reused (ticks are routed by it).
    public let id: UInt64
    /// The module's declared name.
    public let moduleName: String
    /// Keeps the image (and so `descriptor`) alive.
    public let owner: AnyObject
    private let descriptor: UnsafePointer<tab_module_descriptor>
    private let box: ModuleHostBox
    private let resourceDirectory: String
    private var handle: UnsafeMutableRawPointer?
    private var callDepth = 0
    private var destroyPending = false

    /// Calls the module's `create`. Throws when it returns NULL.
    ///
    /// - Parameters:
    ///   - descriptor: the validated descriptor; must stay valid while `owner` lives.
    ///   - resourceDirectory: where relative image paths resolve (the module file's directory).
    public init(
        descriptor: UnsafePointer<tab_module_descriptor>, moduleName: String, owner: AnyObject,
        resourceDirectory: String, ticks: TickScheduler, delegate: (any ModuleHostDelegate)?
    ) throws(ModuleInstanceError) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.moduleName = moduleName
        self.owner = owner
        self.descriptor = descriptor
        self.resourceDirectory = resourceDirectory
        box = ModuleHostBox(instanceID: id, ticks: ticks)
        box.delegate = delegate
        guard let create = descriptor.pointee.create,
            let made = create(HostAPITable.pointer, box.opaquePointer)
        else {
            box.ticks.cancel(id)  // a tick asked for before create failed has no one to go to
            throw ModuleInstanceError(
                code: .createFailed, module: moduleName,
                reason: "create() returned NULL; check the module's log output and its create function")
        }
        handle = made
    }

    deinit {
        destroyNow()
    }

    /// The object that receives this instance's host calls.
    public var delegate: (any ModuleHostDelegate)? {
        get { box.delegate }
        set { box.delegate = newValue }
    }

    /// True until `destroy` ran.
    public var isAlive: Bool { handle != nil }

    /// The descriptor's declared kind (`tab_module_kind`).
    public var kind: UInt32 { descriptor.pointee.kind }

    /// Whether the module has `save_state` and `restore_state`.
    public var hasState: Bool {
        descriptor.pointee.save_state != nil && descriptor.pointee.restore_state != nil
    }

    /// Calls `start(param)` if the module has it.
    public func start(param: String?) {
        call { handle in
            guard let start = descriptor.pointee.start else { return }
            if let param {
                param.withCString { start(handle, $0) }
            } else {
                start(handle, nil)
            }
        }
    }

    /// Calls `render` and returns what the module built.
    public func render() -> ViewTree {
        let builder = ModuleViewBuilder(resourceDirectory: resourceDirectory)
        call { handle in
            descriptor.pointee.render?(handle, builder.opaquePointer)
        }
        builder.isOpen = false
        return ViewTree(builder.nodes)
    }

    /// Delivers an event if the module has `event`.
    public func send(_ event: ModuleEvent) {
        call { handle in
            guard let handler = descriptor.pointee.event else { return }
            var raw = tab_event()
            raw.struct_size = UInt32(MemoryLayout<tab_event>.size)
            switch event {
            case .action(let action):
                raw.type = UInt32(TAB_EVENT_ACTION.rawValue)
                action.withCString { pointer in
                    raw.action = pointer
                    handler(handle, &raw)
                }
            case .key(let key):
                raw.type = UInt32(TAB_EVENT_KEY.rawValue)
                raw.key = key
                handler(handle, &raw)
            case .tick:
                raw.type = UInt32(TAB_EVENT_TICK.rawValue)
                handler(handle, &raw)
            }
        }
    }

    /// Calls `appearance(phase)` if the module has it.
    public func appearance(_ phase: tab_appearance_phase) {
        call { handle in
            descriptor.pointee.appearance?(handle, Int32(phase.rawValue))
        }
    }

    /// The module's saved state, or nil when it has no `save_state`.
    public func saveState() -> [UInt8]? {
        guard let save = descriptor.pointee.save_state else { return nil }
        var result: [UInt8]?
        call { handle in
            var capacity = save(handle, nil, 0)
            // The size may grow between the two calls; ask again a few times, then give up.
            for _ in 0..<4 {
                var bytes = [UInt8](repeating: 0, count: capacity)
                let needed = bytes.withUnsafeMutableBytes { save(handle, $0.baseAddress, capacity) }
                if needed <= capacity {
                    bytes.removeSubrange(needed...)
                    result = bytes
                    return
                }
                capacity = needed
            }
        }
        return result
    }

    /// Calls `restore_state`; false when the module refused it or has none.
    public func restoreState(_ bytes: [UInt8]) -> Bool {
        guard let restore = descriptor.pointee.restore_state else { return false }
        var restored = false
        call { handle in
            restored = bytes.withUnsafeBytes { restore(handle, $0.baseAddress, $0.count) } != 0
        }
        return restored
    }

    /// Calls `destroy` now, or right after the module call in progress returns.
    public func destroy() {
        if callDepth > 0 {
            destroyPending = true
        } else {
            destroyNow()
        }
    }

    private func destroyNow() {
        guard let handle else { return }
        self.handle = nil
        box.delegate = nil
        descriptor.pointee.destroy?(handle)
        // After destroy: a module thread may schedule a tick until destroy stops it.
        box.ticks.cancel(id)
    }

    /// Runs one module call with re-entrancy bookkeeping: a module may pop or
    /// dismiss itself from inside `event`, and must not be destroyed under its own feet.
    private func call(_ body: (UnsafeMutableRawPointer) -> Void) {
        guard let handle else { return }
        withExtendedLifetime(self) {
            callDepth += 1
            body(handle)
            callDepth -= 1
            if callDepth == 0 { box.releaseCallStrings() }
            if callDepth == 0 && destroyPending {
                destroyPending = false
                destroyNow()
            }
        }
    }
}
