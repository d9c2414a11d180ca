import CTabModule

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the host's table, built `struct_size` bytes large, holds the field at `field` (TAB_API_HAS):
/// a call added after 1.0 is made only when the host has it.
func hostHas<Field>(_ api: UnsafePointer<tab_host_api>, _ field: KeyPath<tab_host_api, Field>) -> Bool {
    guard let offset = MemoryLayout<tab_host_api>.offset(of: field) else { return false }
    return Int(api.pointee.struct_size) >= offset + MemoryLayout<Field>.size
}

/// Calls `body` with a C array of C strings for `strings` (NULL for nil entries) and its count; the
/// copies live until `body` returns.
func withCStringArray<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
}
