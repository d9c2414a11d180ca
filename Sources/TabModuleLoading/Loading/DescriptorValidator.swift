import CTabModule

#if canImport(Glibc)
import Glibc
#endif

/// Checks a module's descriptor in the ABI's order and copies it into a `ModuleInfo` (internal).
package enum DescriptorValidator {
    /// The size of a v1 descriptor: the smallest `struct_size` accepted.
    static let v1Size = TabModuleABI.descriptorSize
    /// The host's ABI version.
    static let hostMajor = UInt32(TAB_MODULE_ABI_MAJOR)
    static let hostMinor = UInt32(TAB_MODULE_ABI_MINOR)
    /// The longest title, in bytes.
    static let maxTitleBytes = 64

    package static func validate(
        _ descriptor: UnsafePointer<tab_module_descriptor>, file: CheckedModuleFile
    ) throws(ModuleError) -> ModuleInfo {
        let path = file.path
        // Read the header words one by one: the struct may be smaller than ours.
        let raw = UnsafeRawPointer(descriptor)
        let magic = raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
        guard magic == TAB_MODULE_MAGIC else {
            throw ModuleError(
                .badMagic, path: path,
                reason: "wrong descriptor magic \(hex(magic)) (expected \(hex(TAB_MODULE_MAGIC)), \"TABM\")",
                hint: "start the descriptor with TAB_MODULE_DESCRIPTOR_HEADER from tab_module.h")
        }
        let size = raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
        guard size >= v1Size else {
            throw ModuleError(
                .structTooSmall, path: path,
                reason: "descriptor struct_size \(size) is smaller than the v1 descriptor (\(v1Size) bytes)",
                hint: "set struct_size to sizeof(tab_module_descriptor) (TAB_MODULE_DESCRIPTOR_HEADER does)")
        }
        let d = descriptor.pointee
        guard d.abi_major == hostMajor else {
            throw ModuleError(
                .abiMajorMismatch, path: path,
                reason: "built for module ABI \(d.abi_major).\(d.abi_minor); this host speaks ABI \(hostMajor).\(hostMinor)",
                hint: "rebuild it against this host's tab_module.h")
        }
        guard d.abi_minor <= hostMinor else {
            throw ModuleError(
                .abiMinorTooNew, path: path,
                reason: "built for module ABI \(d.abi_major).\(d.abi_minor), newer than this host's \(hostMajor).\(hostMinor)",
                hint: "update TabHost or rebuild it against this host's tab_module.h")
        }
        try checkReservedSlots(d, path: path)
        let kind = ModuleKind(rawValue: d.kind)
        guard kind.isKnown else {
            throw ModuleError(
                .badKind, path: path, reason: "unknown kind \(d.kind) (0 = content, 1 = tab bar)",
                hint: "set kind to TAB_MODULE_KIND_CONTENT or TAB_MODULE_KIND_TAB_BAR")
        }
        let name = try validName(d.name, path: path)
        let title = try validTitle(d.title, path: path)
        let version = try shownString(d.version, field: "version", code: .badVersion, path: path)
        let glyph = try shownString(d.glyph, field: "glyph", code: .badGlyph, path: path)
        let (declaredImage, imagePath) = try resolvedImage(d.image, path: path)
        var functions: ModuleFunctions = []
        if d.create != nil { functions.insert(.create) }
        if d.start != nil { functions.insert(.start) }
        if d.render != nil { functions.insert(.render) }
        if d.event != nil { functions.insert(.event) }
        if d.appearance != nil { functions.insert(.appearance) }
        if d.save_state != nil { functions.insert(.saveState) }
        if d.restore_state != nil { functions.insert(.restoreState) }
        if d.destroy != nil { functions.insert(.destroy) }
        // Only a 1.3 descriptor has `list_row`: an older one's struct ends before it.
        if size >= TabModuleABI.descriptorSize13 && d.abi_minor >= 3 && d.list_row != nil { functions.insert(.listRow) }
        let missing = [(ModuleFunctions.create, "create"), (.render, "render")].filter { !functions.contains($0.0) }
        if !missing.isEmpty {
            let names = missing.map(\.1).joined(separator: " and ")
            throw ModuleError(
                .missingFunction, path: path,
                reason: "required function\(missing.count > 1 ? "s" : "") \(names) \(missing.count > 1 ? "are" : "is") NULL",
                hint: "set .create and .render in the descriptor")
        }
        // Only a 1.2 descriptor has the field: an older one's struct ends before it.
        let permissions =
            size >= TabModuleABI.descriptorSize12 && d.abi_minor >= 2 ? try validPermissions(d.permissions, path: path) : []
        return ModuleInfo(
            name: name, version: version, title: title, glyph: glyph, declaredImage: declaredImage,
            imagePath: imagePath, kind: kind, abiMajor: d.abi_major, abiMinor: d.abi_minor, structSize: size,
            functions: functions, sourcePath: path, containsSwift: file.facts.containsSwift, permissions: permissions,
            carriesSwiftRuntime: file.facts.carriesSwiftRuntime)
    }

    /// True for a valid module name (``ModuleNameRules/nameProblem(_:)``).
    static func isValidName(_ name: String) -> Bool { ModuleNameRules.nameProblem(name) == nil }

    /// Refuses a nonzero `reserved` slot: a module that puts something there was built against a
    /// header that gave the slot a meaning this host does not know, or wrote garbage.
    private static func checkReservedSlots(_ d: tab_module_descriptor, path: String) throws(ModuleError) {
        let slots = withUnsafeBytes(of: d.reserved) { Array($0.bindMemory(to: UInt.self)) }
        guard let index = slots.firstIndex(where: { $0 != 0 }) else { return }
        throw ModuleError(
            .reservedNotZero, path: path, reason: "reserved[\(index)] is not zero",
            hint: "rebuild the module against this tab_module.h (reserved slots must stay NULL)")
    }

    private static func validName(_ pointer: UnsafePointer<CChar>?, path: String) throws(ModuleError) -> String {
        let hint = "name it with 1 to 64 characters from a-z 0-9 . _ -, not starting with a dot"
        guard let pointer else { throw ModuleError(.badName, path: path, reason: "module name is NULL", hint: hint) }
        let bytes = bounded(pointer, limit: ModuleNameRules.maxNameBytes + 1)
        if let problem = ModuleNameRules.nameProblem(utf8: bytes) {
            throw ModuleError(.badName, path: path, reason: problem, hint: hint)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func validTitle(_ pointer: UnsafePointer<CChar>?, path: String) throws(ModuleError) -> String {
        let hint = "set title to UTF-8 text of at most 64 bytes"
        guard let pointer else { throw ModuleError(.badTitle, path: path, reason: "title is NULL", hint: hint) }
        let bytes = bounded(pointer, limit: maxTitleBytes + 1)
        guard bytes.count <= maxTitleBytes else {
            // Counted only so far: a title without its NUL would have strlen read on past the module's memory.
            let length = strnlen(pointer, 4096)
            let size = length < 4096 ? "\(length) bytes" : "more than 4096 bytes"
            throw ModuleError(.badTitle, path: path, reason: "title is \(size), longer than 64", hint: hint)
        }
        guard let title = String(validating: bytes, as: UTF8.self) else {
            throw ModuleError(
                .badTitle, path: path, reason: "title is not valid UTF-8 (\(ModuleNameRules.quoted(bytes)))", hint: hint)
        }
        if let problem = ControlCharacters.problem(in: title, field: "title") {
            throw ModuleError(.badTitle, path: path, reason: problem, hint: "remove escape and control characters from the title")
        }
        return title
    }

    /// The names of the descriptor's `permissions` (none for NULL or ""), or the refusal.
    private static func validPermissions(_ pointer: UnsafePointer<CChar>?, path: String) throws(ModuleError) -> [String] {
        guard let pointer else { return [] }
        switch ModulePermissions.parse(bounded(pointer, limit: ModulePermissions.maximumBytes + 1)) {
        case .success(let names): return names
        case .failure(let problem):
            throw ModuleError(
                .badPermissions, path: path, reason: problem.description,
                hint: "list permissions separated by spaces: network, system, exec, unrestricted, read:PATH, write:PATH")
        }
    }

    /// The declared image and its absolute path, resolved against the module file's directory.
    private static func resolvedImage(
        _ pointer: UnsafePointer<CChar>?, path: String
    ) throws(ModuleError) -> (String?, String?) {
        guard let pointer else { return (nil, nil) }
        let declared = String(decoding: bounded(pointer, limit: 4096), as: UTF8.self)
        let hint = "install the image next to the module, or fix the descriptor's image path"
        guard !declared.isEmpty else {
            throw ModuleError(.missingImage, path: path, reason: "image is an empty path", hint: "set image to NULL or a path")
        }
        let resolved =
            declared.hasPrefix("/") ? declared : ModuleFileReader.parentDirectory(of: path) + "/" + declared
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ModuleError(
                .missingImage, path: path, reason: "image \"\(declared)\" not found (looked for \(resolved))",
                hint: hint)
        }
        return (declared, resolved)
    }

    /// At most `limit` bytes of a C string (never reads past its NUL).
    private static func bounded(_ pointer: UnsafePointer<CChar>, limit: Int) -> [UInt8] {
        let count = strnlen(pointer, limit)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// An optional free-form string (`version`, `glyph`), decoded with replacement characters for bad
    /// UTF-8; refused when it holds a control, which every front end and command would otherwise print.
    private static func shownString(
        _ pointer: UnsafePointer<CChar>?, field: String, code: ModuleError.Code, path: String
    ) throws(ModuleError) -> String? {
        guard let pointer else { return nil }
        let text = String(decoding: bounded(pointer, limit: 256), as: UTF8.self)
        if let problem = ControlCharacters.problem(in: text, field: field) {
            throw ModuleError(code, path: path, reason: problem, hint: "remove escape and control characters from the \(field)")
        }
        return text
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
