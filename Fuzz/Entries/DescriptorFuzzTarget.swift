import CTabModule
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

extension FuzzTarget {
    /// The descriptor validator on a `tab_module_descriptor` built in memory from the input: the
    /// first bytes are the struct's own bytes (magic, sizes, ABI, kind, reserved slots and function
    /// pointers, which are never called), then six NUL-separated strings become name, version,
    /// title, image, glyph and (ABI 1.2) permissions (a 0xFF string stands for NULL). Every pointer
    /// points into valid memory.
    static let descriptor = FuzzTarget(
        "descriptor", "descriptor validator (DescriptorValidator.validate on a descriptor built from the bytes)"
    ) {
        bytes in
        let size = MemoryLayout<tab_module_descriptor>.size
        let descriptor = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<tab_module_descriptor>.alignment)
        defer { descriptor.deallocate() }
        descriptor.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let head = bytes.prefix(size)
        head.withUnsafeBytes { descriptor.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        var strings = Array(bytes.dropFirst(size)).split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false).map(Array.init)
        while strings.count < 6 { strings.append([0xFF]) }
        let copies: [UnsafeMutablePointer<CChar>?] = strings.prefix(6).map { string in
            guard string != [0xFF] else { return nil }
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: string.count + 1)
            string.withUnsafeBufferPointer { source in
                copy.withMemoryRebound(to: UInt8.self, capacity: string.count + 1) { target in
                    if let base = source.baseAddress { target.update(from: base, count: string.count) }
                    target[string.count] = 0
                }
            }
            return copy
        }
        defer { for copy in copies { copy?.deallocate() } }
        let typed = descriptor.assumingMemoryBound(to: tab_module_descriptor.self)
        // Strings always come from the input: a pointer read from its bytes could point anywhere.
        typed.pointee.name = UnsafePointer(copies[0])
        typed.pointee.version = UnsafePointer(copies[1])
        typed.pointee.title = UnsafePointer(copies[2])
        typed.pointee.image = UnsafePointer(copies[3])
        typed.pointee.glyph = UnsafePointer(copies[4])
        typed.pointee.permissions = UnsafePointer(copies[5])
        let file = CheckedModuleFile(path: "/fuzz/module.so", bytes: [], facts: ELFFacts(containsSwift: false))
        _ = try? DescriptorValidator.validate(UnsafePointer(typed), file: file)
    }
}
