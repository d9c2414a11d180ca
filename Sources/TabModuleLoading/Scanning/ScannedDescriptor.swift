import CTabModule
import Glibc

/// A `tab_module_descriptor` rebuilt in the host's memory from a scanner's report, so the loader's
/// validator checks it exactly as it checks a descriptor it opened itself.
///
/// Its strings are copies; its function pointers only say which functions exist: calling one traps
/// (an instance of a scanned module runs in a child, never in this process).
package final class ScannedDescriptor: @unchecked Sendable {
    // @unchecked: immutable after init; the memory is freed only in deinit.

    /// The rebuilt descriptor, valid while this object lives.
    package let pointer: UnsafePointer<tab_module_descriptor>
    private let storage: UnsafeMutablePointer<tab_module_descriptor>
    private var strings: [UnsafeMutablePointer<CChar>] = []

    package init(_ fields: ModuleScanReport.Descriptor) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: tab_module_descriptor())
        pointer = UnsafePointer(storage)
        storage.pointee.magic = fields.magic
        storage.pointee.struct_size = fields.structSize
        guard fields.isComplete else { return }
        storage.pointee.abi_major = fields.abiMajor
        storage.pointee.abi_minor = fields.abiMinor
        storage.pointee.kind = fields.kind
        storage.pointee.name = copy(fields.name)
        storage.pointee.version = copy(fields.version)
        storage.pointee.title = copy(fields.title)
        storage.pointee.image = copy(fields.image)
        storage.pointee.glyph = copy(fields.glyph)
        if fields.structSize >= TabModuleABI.descriptorSize12 { storage.pointee.permissions = copy(fields.permissions) }
        let functions = ModuleFunctions(rawValue: fields.functions)
        if functions.contains(.create) { storage.pointee.create = { _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.start) { storage.pointee.start = { _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.render) { storage.pointee.render = { _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.event) { storage.pointee.event = { _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.appearance) { storage.pointee.appearance = { _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.saveState) { storage.pointee.save_state = { _, _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.restoreState) { storage.pointee.restore_state = { _, _, _ in ScannedDescriptor.trap() } }
        if functions.contains(.destroy) { storage.pointee.destroy = { _ in ScannedDescriptor.trap() } }
        if functions.contains(.listRow) { storage.pointee.list_row = { _, _, _, _ in ScannedDescriptor.trap() } }
        withUnsafeMutableBytes(of: &storage.pointee.reserved) { slots in
            let width = MemoryLayout<UnsafeMutableRawPointer?>.stride
            for slot in 0..<(slots.count / width) where fields.reserved & (1 << slot) != 0 {
                slots.storeBytes(of: UInt(1), toByteOffset: slot * width, as: UInt.self)
            }
        }
    }

    deinit {
        for string in strings { free(string) }
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    private func copy(_ bytes: [UInt8]?) -> UnsafePointer<CChar>? {
        guard let bytes else { return nil }
        let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBufferPointer { source in
            string.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { $0.update(from: source.baseAddress!, count: bytes.count) }
        }
        string[bytes.count] = 0
        strings.append(string)
        return UnsafePointer(string)
    }

    private static func trap() -> Never {
        fatalError("a scanned module's function was called in the host; its instances run in a child process")
    }
}
