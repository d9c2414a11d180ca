extension ModuleError {
    /// An opaque error code. Compare with the static members; new codes may be added at any time.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, lower-camel-case identifier (also used in `tabhost inspect --json`).
        public let name: String

        private init(_ name: String) { self.name = name }

        /// The identifier, e.g. `notELF`.
        public var description: String { name }

        // Files and directories.
        /// The file or directory does not exist.
        public static let notFound = Code("notFound")
        /// The file or directory cannot be read (permissions or I/O).
        public static let unreadable = Code("unreadable")
        /// The path is not a regular file (or, for a module directory, not a directory).
        public static let notRegularFile = Code("notRegularFile")
        /// The file is empty (often: still being written).
        public static let emptyFile = Code("emptyFile")
        /// The file is larger than a module file may be (`ModuleFileReader.maximumFileBytes`): it is
        /// neither read into memory nor copied.
        public static let tooLarge = Code("tooLarge")
        /// The file does not start with the ELF magic.
        public static let notELF = Code("notELF")
        /// The ELF header, program headers or segments extend past the end of the file.
        public static let truncatedELF = Code("truncatedELF")
        /// A 32-bit ELF file on a 64-bit host.
        public static let wrongClass = Code("wrongClass")
        /// An ELF file for another machine (`e_machine`) or byte order.
        public static let wrongArchitecture = Code("wrongArchitecture")
        /// An ELF file that is not a shared library (an executable or object file).
        public static let notSharedLibrary = Code("notSharedLibrary")
        /// The file or its directory is writable by group or others.
        public static let insecurePermissions = Code("insecurePermissions")
        /// The private cache directory or copy could not be made.
        public static let cacheFailed = Code("cacheFailed")

        // Loading and the descriptor.
        /// The dynamic loader refused the file (missing dependency, bad relocation, …).
        public static let openFailed = Code("openFailed")
        /// The library does not export `tab_module_entry`.
        public static let missingEntry = Code("missingEntry")
        /// `tab_module_entry()` returned NULL.
        public static let nullDescriptor = Code("nullDescriptor")
        /// The descriptor's `magic` is not `TAB_MODULE_MAGIC`.
        public static let badMagic = Code("badMagic")
        /// The descriptor's `struct_size` is smaller than the v1 descriptor.
        public static let structTooSmall = Code("structTooSmall")
        /// The descriptor's `abi_major` differs from the host's.
        public static let abiMajorMismatch = Code("abiMajorMismatch")
        /// The descriptor's `abi_minor` is newer than the host's.
        public static let abiMinorTooNew = Code("abiMinorTooNew")
        /// The descriptor's `kind` is not a known kind.
        public static let badKind = Code("badKind")
        /// The module name is NULL, empty, longer than 64 bytes or not `[a-z0-9._-]`.
        public static let badName = Code("badName")
        /// Another file already provides a module with this name.
        public static let duplicateName = Code("duplicateName")
        /// The title is NULL, not UTF-8, longer than 64 bytes, or holds a control character
        /// (``ControlCharacters``).
        public static let badTitle = Code("badTitle")
        /// The declared image file does not exist.
        public static let missingImage = Code("missingImage")
        /// A required function (`create`, `render`) is NULL.
        public static let missingFunction = Code("missingFunction")

        // Instances.
        /// No accepted module has the requested name.
        public static let unknownModule = Code("unknownModule")
        /// `create` returned NULL.
        public static let createFailed = Code("createFailed")
        /// A reload could not move the running state over: the running version's `save_state` did not
        /// return it, or the new version's `restore_state` refused it.
        public static let restoreFailed = Code("restoreFailed")

        // Added with module ABI 1.1.
        /// A `reserved` slot of the descriptor is not zero (NULL).
        public static let reservedNotZero = Code("reservedNotZero")
        /// The child process that runs the module (isolation) could not be started, refused the module,
        /// or stopped while an instance was being made.
        public static let processFailed = Code("processFailed")
        /// Opening the file crashed or hung the scanner child (the dynamic loader, the file's
        /// constructors or its entry point): it was refused before the host opened it.
        public static let crashedWhileLoading = Code("crashedWhileLoading")

        // Added with module ABI 1.2.
        /// The descriptor's `permissions` is not UTF-8, longer than `TAB_MAX_PERMISSIONS_BYTES`, or
        /// names something other than network, system, exec, unrestricted, read:PATH or write:PATH.
        public static let badPermissions = Code("badPermissions")
        /// The descriptor's `version` holds a control character (``ControlCharacters``).
        public static let badVersion = Code("badVersion")
        /// The descriptor's `glyph` holds a control character (``ControlCharacters``).
        public static let badGlyph = Code("badGlyph")

        /// The image carries its own Swift runtime (linked with `-static-stdlib`, as a Swift bundle is) and
        /// was to be opened in the host's process, which has a Swift runtime already: it runs only isolated.
        public static let carriesSwiftRuntime = Code("carriesSwiftRuntime")
    }
}
