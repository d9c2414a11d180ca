/// What the metadata cache knows about one version of one module file: its descriptor's metadata
/// or why it was refused, under the file's path and stamp.
public struct CachedModuleEntry: Sendable, Equatable {
    /// What loading that version of the file gave.
    public enum Outcome: Sendable, Equatable {
        /// The descriptor's metadata (its `sourcePath` is the entry's `path`).
        case accepted(ModuleInfo)
        /// The refusal (its `path` is the entry's `path`); only refusals the file's bytes decide
        /// (see `cacheableCodes`) are kept.
        case refused(ModuleError)
    }

    /// The module file's absolute path.
    public var path: String
    /// The version of the file this entry describes.
    public var stamp: ModuleFileStamp
    /// Accepted with its metadata, or refused.
    public var outcome: Outcome {
        get { box.outcome }
        set { box = CachedOutcomeBox(newValue) }
    }
    /// `outcome` on the heap, shared by copies: a start moves a thousand entries between dictionaries
    /// and into the registry's entries, and the metadata inline made each entry about 200 bytes. A plain
    /// reference rather than an indirect enum, whose tagged pointers LeakSanitizer does not follow.
    private(set) var box: CachedOutcomeBox

    /// An entry for `path` at `stamp`.
    public init(path: String, stamp: ModuleFileStamp, outcome: Outcome) {
        self.path = path
        self.stamp = stamp
        self.box = CachedOutcomeBox(outcome)
    }

    /// Equal paths, stamps and outcomes (not the same box).
    public static func == (lhs: CachedModuleEntry, rhs: CachedModuleEntry) -> Bool {
        lhs.path == rhs.path && lhs.stamp == rhs.stamp && lhs.outcome == rhs.outcome
    }

    /// The accepted module's metadata, or nil.
    public var info: ModuleInfo? {
        if case .accepted(let info) = outcome { info } else { nil }
    }

    /// The refusal, or nil.
    public var error: ModuleError? {
        if case .refused(let error) = outcome { error } else { nil }
    }

    /// Refusals decided by the file's bytes alone, so a later start may repeat them without loading
    /// the file again. Left out on purpose: what depends on the moment or on other files (a missing
    /// file, permissions, a full disk, a missing dependency of the dynamic loader, a missing image,
    /// a name another file also declares) is decided afresh every time.
    public static let cacheableCodes: [ModuleError.Code] = [
        .emptyFile, .notELF, .truncatedELF, .wrongClass, .wrongArchitecture, .notSharedLibrary, .missingEntry,
        .nullDescriptor, .badMagic, .structTooSmall, .abiMajorMismatch, .abiMinorTooNew, .badKind, .badName,
        .badTitle, .missingFunction, .reservedNotZero, .crashedWhileLoading, .badPermissions,
        .badVersion, .badGlyph,
    ]

    /// True when a refusal with `code` may be kept in the cache.
    public static func isCacheable(_ code: ModuleError.Code) -> Bool { cacheableCodes.contains(code) }
}
