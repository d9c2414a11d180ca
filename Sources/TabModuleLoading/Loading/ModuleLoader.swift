import CTabModule
import _CLtdl

/// Checks, copies, opens and validates one module file at a time.
public struct ModuleLoader: Sendable {
    /// Where private copies go.
    public let copies: ModuleCopyDirectory
    /// Relaxations of the checks.
    public var options: ModuleLoadOptions
    /// Opens each file in a child process first, when set, so a file that crashes the loader is
    /// refused instead of taking this process down.
    package var scanner: (any ModuleFileScanning)?
    /// False when nothing runs a module from its private copy once the scanner has read it (commands that
    /// only read descriptors): the copy of a module only the scanner opened is then removed as soon as its
    /// report is in, while later files are still being scanned, not all at the command's end.
    package var keepsScannedCopies = true

    /// Creates a loader that copies into `copies`.
    public init(copies: ModuleCopyDirectory, options: ModuleLoadOptions = ModuleLoadOptions()) {
        self.copies = copies
        self.options = options
    }

    /// Runs only the checks made before loading (file type, size, ELF header, permissions).
    public func check(_ path: String) throws(ModuleError) {
        _ = try ModuleFileReader.check(path, options: options)
    }

    /// Loads `path`: checks the file, copies it into the private copies, opens the copy through libltdl,
    /// calls `tab_module_entry` and validates the descriptor. On failure nothing stays open.
    ///
    /// With a `scanner`, a child opens the copy first; when the scanner is exclusive
    /// (`hostOpensFiles` false, and the module not one of its `inProcessModules`) this process never
    /// opens it: the descriptor is rebuilt from the child's report and validated the same way, and
    /// the module can only run out of process. `known`: what the metadata cache holds for the file;
    /// when the bytes read are that version and the scanner is exclusive, the descriptor is rebuilt
    /// from it instead of scanning the file again.
    public func load(_ path: String, known: CachedModuleEntry? = nil) throws(ModuleError) -> LoadedModule {
        try open(prepare(path), known: known)
    }

    /// Checks `path` and copies it into the directory of private copies: the part of `load` that may run on any
    /// thread, ahead of `open` (which must run on the loading thread).
    func prepare(_ path: String) throws(ModuleError) -> PreparedModuleFile {
        var file = try ModuleFileReader.check(path, options: options)
        let copy = try copies.store(file.bytes, baseName: ModuleFileReader.baseName(of: file.path))
        file.bytes = []  // the copy holds them now; 1,000 files in flight must not hold 1,000 buffers
        return PreparedModuleFile(file: file, copy: copy)
    }

    /// How many files after the one being opened the cold load announces to the scanner (which sends
    /// them as places free up, also while it waits for the one being opened).
    static let announcedAhead = 16

    /// Lets the scanner start on `prepared` while the file before it is opened (`open` still comes to it).
    func announce(_ prepared: PreparedModuleFile) {
        scanner?.announce(
            copy: prepared.copy.path, original: prepared.file.path, stamp: prepared.file.stamp,
            closes: !prepared.file.facts.containsSwift)
    }

    /// Opens a prepared file (the rest of `load`); on failure its copy is removed.
    func open(_ prepared: PreparedModuleFile, known: CachedModuleEntry? = nil) throws(ModuleError) -> LoadedModule {
        let (file, copy) = (prepared.file, prepared.copy)
        if let scanner {
            do throws(ModuleError) {
                if let known, known.stamp == file.stamp, let info = known.info, !scanner.hostOpens(name: info.name) {
                    return try scannedModule(ModuleScanReport(cached: info), file: file, copy: copy)
                }
                let report = try scanner.scan(
                    copy: copy.path, original: file.path, stamp: file.stamp, closes: !file.facts.containsSwift)
                if let report, !scanner.hostOpens(report) {
                    return try scannedModule(report, file: file, copy: copy)
                }
            } catch {
                copies.remove(copyAt: copy.path)
                throw error
            }
        }
        // A second Swift runtime in this process would not know the host's types (no stable ABI on Linux).
        if file.facts.carriesSwiftRuntime {
            copies.remove(copyAt: copy.path)
            throw Self.carriesSwiftRuntime(file.path)
        }
        var message = [CChar](repeating: 0, count: 512)
        guard let image = tabhost_lt_open(copy.path, &message, message.count) else {
            copies.remove(copyAt: copy.path)
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw Self.openFailed(text, copy: copy.path, original: file.path)
        }
        // Swift images must never be unmapped: make them resident before anything can fail.
        if file.facts.containsSwift { _ = tabhost_lt_make_resident(image) }
        func discard() {
            if !file.facts.containsSwift { _ = tabhost_lt_close(image, nil, 0) }
            copies.remove(copyAt: copy.path)
        }
        do throws(ModuleError) {
            guard let symbol = tabhost_lt_symbol(image, "tab_module_entry", nil, 0) else {
                throw Self.missingEntry(file.path)
            }
            typealias Entry = @convention(c) () -> UnsafePointer<tab_module_descriptor>?
            let entry = unsafeBitCast(symbol, to: Entry.self)
            guard let descriptor = entry() else { throw Self.nullDescriptor(file.path) }
            let info = try DescriptorValidator.validate(descriptor, file: file)
            return LoadedModule(
                info: info, descriptor: descriptor, generation: copy.generation, copyPath: copy.path,
                fileStamp: file.stamp, image: image, copies: copies)
        } catch {
            discard()
            throw error
        }
    }

    /// A module only the scanner child opened: the same refusals, from its report.
    private func scannedModule(
        _ report: ModuleScanReport, file: CheckedModuleFile, copy: (path: String, generation: UInt64)
    ) throws(ModuleError) -> LoadedModule {
        guard report.opened else {
            throw Self.openFailed(report.loaderMessage ?? "cannot open the file", copy: copy.path, original: file.path)
        }
        guard report.hasEntry else { throw Self.missingEntry(file.path) }
        guard let fields = report.descriptor else { throw Self.nullDescriptor(file.path) }
        let scanned = ScannedDescriptor(fields)
        let info = try DescriptorValidator.validate(scanned.pointer, file: file)
        if !keepsScannedCopies { copies.remove(copyAt: copy.path) }
        return LoadedModule(
            info: info, descriptor: scanned.pointer, generation: copy.generation, copyPath: copy.path,
            fileStamp: file.stamp, image: nil, copies: keepsScannedCopies ? copies : nil, scanned: scanned)
    }

    private static func openFailed(_ message: String, copy: String, original: String) -> ModuleError {
        ModuleError(
            .openFailed, path: original, reason: "the dynamic loader refused it: \(loaderMessage(message, copy: copy, original: original))",
            hint: "check its dependencies with ldd and rebuild it")
    }

    private static func carriesSwiftRuntime(_ path: String) -> ModuleError {
        ModuleError(
            .carriesSwiftRuntime, path: path,
            reason: "it carries its own Swift runtime, so it cannot run in the host's process, which has one",
            hint: "run it isolated, as by default (drop --isolation none, or \"isolation\": \"none\" in the layout)")
    }

    private static func missingEntry(_ path: String) -> ModuleError {
        ModuleError(
            .missingEntry, path: path, reason: "no tab_module_entry symbol (not a TabHost module)",
            hint: "export it with TAB_MODULE_DECLARE(descriptor) in C, or @_cdecl(\"tab_module_entry\") in Swift")
    }

    private static func nullDescriptor(_ path: String) -> ModuleError {
        ModuleError(
            .nullDescriptor, path: path, reason: "tab_module_entry() returned NULL",
            hint: "return the address of a static const tab_module_descriptor")
    }

    /// The loader's message with the private copy's path replaced by the user's file.
    private static func loaderMessage(_ text: String, copy: String, original: String) -> String {
        let parts = text.split(separator: copy, omittingEmptySubsequences: false)
        return parts.joined(separator: ModuleFileReader.baseName(of: original))
            .split(separator: "\n").joined(separator: " ")
    }
}
