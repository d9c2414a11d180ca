import CTabModule
import _CLtdl

/// Checks, copies, opens and validates one module file at a time.
public struct ModuleLoader: Sendable {
    /// Where private copies go.
    public let cache: ModuleCache
    /// Relaxations of the checks.
    public var options: ModuleLoadOptions

    /// Creates a loader that copies into `cache`.
    public init(cache: ModuleCache, options: ModuleLoadOptions = ModuleLoadOptions()) {
        self.cache = cache
        self.options = options
    }

    /// Runs only the checks made before loading (file type, size, ELF header, permissions).
    public func check(_ path: String) throws(ModuleError) {
        _ = try ModuleFileReader.check(path, options: options)
    }

    /// Loads `path`: checks the file, copies it into the cache, opens the copy through libltdl,
    /// calls `tab_module_entry` and validates the descriptor. On failure nothing stays open.
    public func load(_ path: String) throws(ModuleError) -> LoadedModule {
        let file = try ModuleFileReader.check(path, options: options)
        let copy = try cache.store(file.bytes, baseName: ModuleFileReader.baseName(of: file.path))
        var message = [CChar](repeating: 0, count: 512)
        guard let image = tabhost_lt_open(copy.path, &message, message.count) else {
            cache.remove(copyAt: copy.path)
            let text = Self.loaderMessage(message, copy: copy.path, original: file.path)
            throw ModuleError(
                .openFailed, path: file.path, reason: "the dynamic loader refused it: \(text)",
                hint: "check its dependencies with ldd and rebuild it")
        }
        // Swift images must never be unmapped: make them resident before anything can fail.
        if file.facts.containsSwift { _ = tabhost_lt_make_resident(image) }
        func discard() {
            if !file.facts.containsSwift { _ = tabhost_lt_close(image, nil, 0) }
            cache.remove(copyAt: copy.path)
        }
        do throws(ModuleError) {
            guard let symbol = tabhost_lt_symbol(image, "tab_module_entry", nil, 0) else {
                throw ModuleError(
                    .missingEntry, path: file.path, reason: "no tab_module_entry symbol (not a TabHost module)",
                    hint: "export it with TAB_MODULE_DECLARE(descriptor) in C, or @_cdecl(\"tab_module_entry\") in Swift")
            }
            typealias Entry = @convention(c) () -> UnsafePointer<tab_module_descriptor>?
            let entry = unsafeBitCast(symbol, to: Entry.self)
            guard let descriptor = entry() else {
                throw ModuleError(
                    .nullDescriptor, path: file.path, reason: "tab_module_entry() returned NULL",
                    hint: "return the address of a static const tab_module_descriptor")
            }
            let info = try DescriptorValidator.validate(descriptor, file: file)
            return LoadedModule(
                info: info, descriptor: descriptor, generation: copy.generation, copyPath: copy.path, image: image,
                cache: cache)
        } catch {
            discard()
            throw error
        }
    }

    /// The loader's message with the private copy's path replaced by the user's file.
    private static func loaderMessage(_ buffer: [CChar], copy: String, original: String) -> String {
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let parts = text.split(separator: copy, omittingEmptySubsequences: false)
        return parts.joined(separator: ModuleFileReader.baseName(of: original))
            .split(separator: "\n").joined(separator: " ")
    }
}
