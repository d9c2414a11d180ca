import CTabModule
import TabHostTesting
import _CLtdl

#if canImport(Glibc)
import Glibc
#endif

/// A module image from this package's build directory, opened through the libltdl shim and kept
/// resident (it contains Swift code, which must never be unloaded).
struct BuiltModule: @unchecked Sendable {
    // Unchecked: the descriptor is immutable static storage of a resident image.
    /// The image's descriptor, from `tab_module_entry`.
    let descriptor: UnsafePointer<tab_module_descriptor>
    /// The image's `tab_module_entry`.
    let entry: @convention(c) () -> UnsafeRawPointer?

    /// Opens `lib<product>.so` from the build directory and calls its entry.
    static func load(product: String) throws -> BuiltModule {
        let path = Products.path("lib\(product).so")
        var error = [CChar](repeating: 0, count: 512)
        guard tabhost_lt_init(&error, error.count) == 0 else { throw LoadFailure(message(error)) }
        guard access(path, R_OK) == 0 else {
            throw LoadFailure("\(path) is missing: build it with `swift build --product \(product)`")
        }
        guard let image = tabhost_lt_open(path, &error, error.count) else { throw LoadFailure(message(error)) }
        _ = tabhost_lt_make_resident(image)
        guard let symbol = tabhost_lt_symbol(image, "tab_module_entry", &error, error.count) else {
            throw LoadFailure(message(error))
        }
        let entry = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer?).self)
        guard let raw = entry() else { throw LoadFailure("\(path): tab_module_entry returned NULL") }
        return BuiltModule(descriptor: raw.assumingMemoryBound(to: tab_module_descriptor.self), entry: entry)
    }
}

/// The NUL-terminated message the shim wrote into `buffer`.
private func message(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Why a built module could not be loaded.
struct LoadFailure: Error, CustomStringConvertible {
    /// What went wrong, with the path.
    let description: String

    /// Makes a failure.
    init(_ description: String) { self.description = description }
}
