import CTabModule
import Synchronization
import TabKit
import TabModuleLoading

/// A module instance running in this process: the `self` pointer its `create` returned,
/// with Swift methods for every descriptor function.
///
/// Main-loop only (checked in debug builds when the environment has a confinement). The instance
/// keeps its `LoadedModule` alive, so the code it calls stays mapped; it calls `destroy` exactly
/// once, never in the middle of one of the module's own calls.
package final class InProcessModuleInstance: ModuleInstance {
    private static let nextID = Atomic<UInt64>(1)

    package let id: UInt64
    package let moduleName: String
    /// Keeps the image (and so `descriptor`) alive.
    private let owner: LoadedModule
    private let descriptor: UnsafePointer<tab_module_descriptor>
    private let box: HostHandle
    private let resourceDirectory: String
    private let confinement: ThreadConfinement?
    /// The module's descriptor has a `list_row` (ABI 1.3).
    private let hasListRow: Bool
    private let calls: ModuleCallRecorder?
    private var handle: UnsafeMutableRawPointer?
    private var callDepth = 0
    private var destroyPending = false

    /// Calls the module's `create`. Throws `createFailed` when it returns NULL.
    ///
    /// Relative image paths the module draws resolve against the module file's directory (the file
    /// the user installed, `ModuleInfo.sourcePath`, not the private copy), which is `module_dir` too.
    package init(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        moduleName = module.name
        owner = module
        descriptor = module.descriptor
        resourceDirectory = ModuleFileReader.parentDirectory(of: module.info.sourcePath)
        confinement = environment.confinement
        hasListRow = module.info.functions.contains(.listRow)
        calls = environment.calls
        box = HostHandle(
            instanceID: id, moduleName: module.name, ticks: environment.ticks, dataDirectory: environment.dataDirectory,
            sourceDirectory: resourceDirectory, resourceDirectory: resourceDirectory)
        box.delegate = delegate
        confinement?.assertConfined("\(module.name) create")
        let began = ContinuousClock.now
        let made = descriptor.pointee.create?(HostAPITable.pointer, box.opaquePointer)
        calls?.record(.create, module: module.name, duration: .now - began)
        guard let made else {
            box.ticks.cancel(id)  // a tick asked for before create failed has no one to go to
            throw ModuleError(
                .createFailed, module: module.name, path: module.info.sourcePath,
                reason: "create() returned NULL", hint: "check the module's log output and its create function")
        }
        handle = made
    }

    deinit {
        destroyNow()
    }

    package var delegate: (any ModuleInstanceDelegate)? {
        get { box.delegate }
        set { box.delegate = newValue }
    }

    package var isAlive: Bool { handle != nil }

    package func start(param: String?) {
        call(.start) { handle in
            guard let start = descriptor.pointee.start else { return }
            if let param {
                param.withCString { start(handle, $0) }
            } else {
                start(handle, nil)
            }
        }
    }

    package func render() -> ViewTree { render(listWindows: [:]) }

    package func render(listWindows: [String: Range<Int>]) -> ViewTree {
        // One builder per instance: a module that keeps `tab_view *` past render reaches a closed
        // builder (ignored, one log line), never freed memory.
        let builder = box.builderForRender()
        builder.begin()
        builder.listWindows = listWindows
        call(.render) { handle in
            // Read only from a 1.3 descriptor (the loader checked its size): an older one ends before it.
            if hasListRow, let listRow = descriptor.pointee.list_row {
                builder.listRowSource = { id, index in listRow(handle, id, index, builder.opaquePointer) }
            }
            descriptor.pointee.render?(handle, builder.opaquePointer)
            builder.listRowSource = nil
        }
        return builder.end()
    }

    package func send(_ event: ModuleEvent, focus: String?) {
        call(.event) { handle in
            guard let handler = descriptor.pointee.event else { return }
            let fields = event.cFields
            var raw = tab_event()
            raw.struct_size = UInt32(MemoryLayout<tab_event>.size)
            raw.type = fields.type
            raw.key = fields.key
            Self.withOptionalCString(fields.action) { action in
                Self.withOptionalCString(fields.value) { value in
                    Self.withOptionalCString(focus) { focus in
                        raw.action = action
                        raw.value = value
                        raw.focus = focus
                        handler(handle, &raw)
                    }
                }
            }
        }
    }

    private static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }

    package func appearance(_ phase: AppearancePhase) {
        call(.appearance) { handle in
            descriptor.pointee.appearance?(handle, Int32(phase.cValue.rawValue))
        }
    }

    package func saveState() -> [UInt8]? {
        guard let save = descriptor.pointee.save_state else { return nil }
        var result: [UInt8]?
        call(.saveState) { handle in
            var capacity = save(handle, nil, 0)
            // The size may grow between the two calls; ask again a few times, then give up.
            // size_t arrives as Int: SIZE_MAX is -1 here, and [UInt8](count: -1) traps.
            let allowed = 0...ModuleLimits.maximumStateBytes
            for _ in 0..<4 where allowed.contains(capacity) {
                var bytes = [UInt8](repeating: 0, count: capacity)
                let needed = bytes.withUnsafeMutableBytes { save(handle, $0.baseAddress, capacity) }
                if needed <= capacity {
                    bytes.removeSubrange(needed...)
                    result = bytes
                    return
                }
                capacity = needed
            }
            if result == nil && !allowed.contains(capacity) {
                delegate?.moduleLog(level: .warning, message: ModuleLimits.stateRefusal(UInt(bitPattern: capacity)))
            }
        }
        return result
    }

    package func restoreState(_ bytes: [UInt8]) -> Bool {
        guard let restore = descriptor.pointee.restore_state else { return false }
        var restored = false
        call(.restoreState) { handle in
            restored = bytes.withUnsafeBytes { restore(handle, $0.baseAddress, $0.count) } != 0
        }
        return restored
    }

    package func destroy() {
        confinement?.assertConfined("\(moduleName) destroy")
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
        let began = ContinuousClock.now
        descriptor.pointee.destroy?(handle)
        calls?.record(.destroy, module: moduleName, duration: .now - began)
        // After destroy: a module thread may schedule a tick until destroy stops it.
        box.ticks.cancel(id)
    }

    /// Runs one module call with re-entrancy bookkeeping: a module may pop or
    /// dismiss itself from inside `event`, and must not be destroyed under its own feet.
    /// `kind` names the descriptor function for the confinement check and the call's timings.
    private func call(_ kind: ModuleCallKind, _ body: (UnsafeMutableRawPointer) -> Void) {
        guard let handle else { return }
        confinement?.assertConfined("\(moduleName) \(kind.rawValue)")
        withExtendedLifetime(self) {
            if callDepth == 0 { box.enterLoopThread() }
            callDepth += 1
            let began = ContinuousClock.now
            body(handle)
            calls?.record(kind, module: moduleName, duration: .now - began)
            callDepth -= 1
            // tab_item's strings live until the module call that obtained them returns.
            if callDepth == 0 { box.releaseCallStrings() }
            if callDepth == 0 && destroyPending {
                destroyPending = false
                destroyNow()
            }
        }
    }
}
