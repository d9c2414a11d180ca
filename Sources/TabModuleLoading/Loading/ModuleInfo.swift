/// Everything a module's descriptor declares, copied into Swift values (safe to keep after unload).
public struct ModuleInfo: Sendable, Equatable {
    /// The unique module name (`[a-z0-9._-]`, 1–64 bytes): the "class name" tabs are made from.
    public var name: String
    /// The free-form version, or nil if the descriptor gives none.
    public var version: String?
    /// The tab item title (UTF-8, at most 64 bytes).
    public var title: String
    /// A short symbol for text front ends, or nil.
    public var glyph: String?
    /// The image path exactly as the descriptor declares it, or nil.
    public var declaredImage: String?
    /// The image's absolute path (resolved against the module file's directory), or nil.
    public var imagePath: String?
    /// Content or tab bar.
    public var kind: ModuleKind
    /// The descriptor's `abi_major`.
    public var abiMajor: UInt32
    /// The descriptor's `abi_minor`.
    public var abiMinor: UInt32
    /// The descriptor's `struct_size` (bytes).
    public var structSize: UInt32
    /// Which function pointers are present.
    public var functions: ModuleFunctions
    /// The absolute path of the module file the user installed (not the private copy).
    public var sourcePath: String
    /// True when the image contains Swift code (a `swift5_*` ELF section): it is never unloaded.
    public var containsSwift: Bool
    /// True when the image's Swift runtime is linked into it (Swift code, no `libswift…` library needed): it runs
    /// only in a process of its own, never in the host's (which has a runtime already).
    public var carriesSwiftRuntime: Bool
    /// What the descriptor's `permissions` asks for (ABI 1.2), one name each: `network`,
    /// `read:~/notes`…; empty when it asks for nothing (and for modules before 1.2).
    public var permissions: [String]

    /// Creates an info value (tests and front ends; the loader fills it from a descriptor).
    public init(
        name: String, version: String?, title: String, glyph: String?, declaredImage: String?,
        imagePath: String?, kind: ModuleKind, abiMajor: UInt32, abiMinor: UInt32, structSize: UInt32,
        functions: ModuleFunctions, sourcePath: String, containsSwift: Bool,
        permissions: [String] = [], carriesSwiftRuntime: Bool = false
    ) {
        self.name = name
        self.version = version
        self.title = title
        self.glyph = glyph
        self.declaredImage = declaredImage
        self.imagePath = imagePath
        self.kind = kind
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
        self.structSize = structSize
        self.functions = functions
        self.sourcePath = sourcePath
        self.containsSwift = containsSwift
        self.carriesSwiftRuntime = carriesSwiftRuntime
        self.permissions = permissions
    }
}
