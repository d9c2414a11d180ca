import CTabModule
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors this image exports, one per module type, built once and never freed.
///
/// C function pointers cannot capture the Swift type to instantiate, so each exported type takes a
/// slot whose `create` thunk reads the type from that slot. An image exports one module in
/// practice (one `tab_module_entry`); the slots leave room for a few more.
enum ExportRegistry {
    /// A module type held in a slot. Unchecked: a metatype is immutable, safe to share.
    struct Exported: @unchecked Sendable {
        /// The author's type.
        let type: any TabModule.Type
    }

    /// A built descriptor. Unchecked: it is written once, before it is shared, and never again.
    struct Built: @unchecked Sendable {
        /// The C descriptor, in storage that lives as long as the image.
        let pointer: UnsafePointer<tab_module_descriptor>
    }

    /// Built descriptors and the types in each slot.
    struct State: Sendable {
        /// The type in each used slot, in slot order.
        var types: [Exported] = []
        /// Each type's descriptor.
        var descriptors: [ObjectIdentifier: Built] = [:]
    }

    /// Guards ``State``: `tab_module_entry` may be called from any thread.
    static let state = Mutex(State())

    /// The descriptor for `type`, built on first use; nil (after a line on stderr) if no slot is left.
    static func descriptor(for type: any TabModule.Type) -> UnsafePointer<tab_module_descriptor>? {
        let exported = Exported(type: type)
        let built: Built? = state.withLock { state in
            let type = exported.type
            let key = ObjectIdentifier(type)
            if let built = state.descriptors[key] { return built }
            let slot = state.types.count
            guard slot < ModuleThunks.create.count else {
                let message =
                    "TabModuleKit: cannot export \(type): an image exports at most \(ModuleThunks.create.count) module types; "
                    + "split it into several .so files\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
                return nil
            }
            state.types.append(exported)
            let built = Built(pointer: UnsafePointer(makeDescriptor(type.descriptor, create: ModuleThunks.create[slot])))
            state.descriptors[key] = built
            return built
        }
        return built?.pointer
    }

    /// The type in `slot`, for a create thunk.
    static func type(inSlot slot: Int) -> (any TabModule.Type)? {
        state.withLock { slot < $0.types.count ? $0.types[slot] : nil }?.type
    }

    /// Allocates and fills a C descriptor; strings are strdup'd once and never freed.
    private static func makeDescriptor(_ d: ModuleDescriptor, create: ModuleThunks.Create) -> UnsafeMutablePointer<
        tab_module_descriptor
    > {
        let pointer = UnsafeMutablePointer<tab_module_descriptor>.allocate(capacity: 1)
        var c = tab_module_descriptor()  // zero-filled: reserved pointers are NULL
        c.magic = UInt32(TAB_MODULE_MAGIC)
        c.struct_size = UInt32(MemoryLayout<tab_module_descriptor>.size)
        c.abi_major = UInt32(TAB_MODULE_ABI_MAJOR)
        c.abi_minor = UInt32(TAB_MODULE_ABI_MINOR)
        c.kind = d.kind.rawValue
        c.name = permanent(d.name)
        c.version = d.version.flatMap(permanent)
        c.title = permanent(d.title)
        c.image = d.image.flatMap(permanent)
        c.glyph = d.glyph.flatMap(permanent)
        // 1.2: a space-separated list; none leaves NULL (an empty string would mean the same).
        c.permissions = d.permissions.isEmpty ? nil : permanent(d.permissions.joined(separator: " "))
        c.create = create
        c.start = ModuleThunks.start
        c.render = ModuleThunks.render
        c.event = ModuleThunks.event
        c.appearance = ModuleThunks.appearance
        c.save_state = ModuleThunks.saveState
        c.restore_state = ModuleThunks.restoreState
        c.destroy = ModuleThunks.destroy
        c.list_row = ModuleThunks.listRow
        pointer.initialize(to: c)
        return pointer
    }

    /// A C copy of `string` that is never freed (descriptor strings must outlive the image's use).
    private static func permanent(_ string: String) -> UnsafePointer<CChar>? {
        string.withCString { UnsafePointer(strdup($0)) }
    }
}
