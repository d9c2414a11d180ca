import CTabModule
import TabHostConcurrency
import _CLtdl

/// An accepted module: its open image, its descriptor and what the descriptor declares.
///
/// The descriptor pointer is valid until `close()`; instances must keep their `LoadedModule`
/// alive. Images with Swift code are made resident and never unmapped (the Swift runtime keeps
/// pointers into their metadata); C images are closed by `close()` or when this object goes away.
public final class LoadedModule: @unchecked Sendable {
    // @unchecked: every stored property is immutable except `closed`, which the mutex guards;
    // the descriptor is static const data of the image.

    /// What the descriptor declares, copied into Swift values.
    public let info: ModuleInfo
    /// The raw descriptor, valid while the image is open (for the in-process instance only).
    package let descriptor: UnsafePointer<tab_module_descriptor>
    /// The load generation: the `GEN` of the private copy `NAME.GEN.so`, unique in the process.
    public let generation: UInt64
    /// The private copy that was opened (removed on close, unless the loader removed it once scanned).
    public let copyPath: String
    /// The version of the module file the copy was made from.
    public let fileStamp: ModuleFileStamp

    /// The open image; nil for a module only a scanner child opened (it runs out of process only).
    private let image: OpaquePointer?
    /// Owns `descriptor` for a module only a scanner opened.
    private let scanned: ScannedDescriptor?
    /// Where the copy is removed on close; nil when it is gone already (`ModuleLoader.keepsScannedCopies`).
    private let copies: ModuleCopyDirectory?
    private let closed = LockedValue(false)

    init(
        info: ModuleInfo, descriptor: UnsafePointer<tab_module_descriptor>, generation: UInt64,
        copyPath: String, fileStamp: ModuleFileStamp, image: OpaquePointer?, copies: ModuleCopyDirectory?,
        scanned: ScannedDescriptor? = nil
    ) {
        self.fileStamp = fileStamp
        self.info = info
        self.descriptor = descriptor
        self.generation = generation
        self.copyPath = copyPath
        self.image = image
        self.copies = copies
        self.scanned = scanned
    }

    /// False for a module only a scanner child opened: its functions exist only in a child process.
    public var isOpenInProcess: Bool { image != nil }

    /// The module name (shorthand for `info.name`).
    public var name: String { info.name }

    /// True after `close()`.
    public var isClosed: Bool { closed.withLock { $0 } }

    /// Closes the image (C images only; Swift images stay mapped) and removes the private copy.
    /// Call only when no instance of this module is alive. Idempotent.
    public func close() {
        let wasClosed = closed.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasClosed else { return }
        if let image, !info.containsSwift {
            _ = tabhost_lt_close(image, nil, 0)
        }
        copies?.remove(copyAt: copyPath)
    }

    deinit { close() }
}
