/// Why a metadata cache file was discarded or could not be written: a code and one line.
public struct ModuleMetadataCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a comparable code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, lower-camel-case identifier.
        public let name: String
        private init(_ name: String) { self.name = name }
        /// The identifier.
        public var description: String { name }

        /// Larger than `ModuleMetadataCacheFile.maximumBytes`.
        public static let tooLarge = Code("tooLarge")
        /// Ends before its header, an entry or its checksum is complete.
        public static let truncated = Code("truncated")
        /// Does not start with the cache magic.
        public static let badMagic = Code("badMagic")
        /// Written in another cache format version.
        public static let otherFormat = Code("otherFormat")
        /// Written by a host with another module ABI version.
        public static let otherABI = Code("otherABI")
        /// Its checksum does not match its bytes.
        public static let badChecksum = Code("badChecksum")
        /// A field holds a value no cache writer produces.
        public static let malformed = Code("malformed")
        /// The file cannot be read, or its directory or the file is writable by others.
        public static let unreadable = Code("unreadable")
        /// The file cannot be written.
        public static let unwritable = Code("unwritable")
    }

    /// What went wrong.
    public let code: Code
    /// What is wrong, in a few words (e.g. `checksum mismatch`).
    public let reason: String

    /// An error with `code` and a one-line `reason`.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
