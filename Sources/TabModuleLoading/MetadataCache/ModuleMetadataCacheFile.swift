/// The metadata cache file's format: a pure codec from bytes to entries (or an error) and back.
///
/// Layout (little-endian): the magic `TABHMETA`; `u32` format version; `u32` module ABI major and
/// minor of the host that wrote it; `u32` entry count; the entries; a `u64` checksum of every byte
/// before it (``checksum(_:)``: format 3 sums eight bytes a step, format 2 summed one). An entry: path;
/// device, inode, size (`u64`), mtime and ctime (`i64` ns); a tag (1 accepted, 2 refused); then name,
/// version, title, glyph, declared image, image path, and `u32` kind, ABI major, ABI minor, struct
/// size, function bits, a `u8` Swift flag and the permissions
/// (format 2: one string, the names separated by spaces); or the refusal's
/// code, reason and fix. Strings are a `u16` byte count (0xFFFF: none) and UTF-8.
///
/// Decoding never traps: every count and offset is checked, every field is validated as the
/// loader would, and any damage is one `ModuleMetadataCacheError`.
public struct ModuleMetadataCacheFile: Sendable, Equatable {
    /// The format version this host reads and writes.
    public static let formatVersion: UInt32 = 3
    /// The largest cache file read (about 100 bytes a module: room for 100,000 modules and more).
    public static let maximumBytes = 16 << 20
    /// The first eight bytes.
    static let magic: [UInt8] = Array("TABHMETA".utf8)
    static let headerBytes = 8 + 4 * 4
    static let checksumBytes = 8
    /// The fewest bytes an entry takes (an empty path, a stamp, a tag): bounds the entry count.
    static let minimumEntryBytes = 2 + 5 * 8 + 1

    /// The module ABI major version of the host that wrote the file.
    public var abiMajor: UInt32
    /// The module ABI minor version of the host that wrote the file.
    public var abiMinor: UInt32
    /// The entries, in file order (paths are unique).
    public var entries: [CachedModuleEntry]

    /// A file of `entries` written by this host's ABI version (or another, for tests).
    public init(entries: [CachedModuleEntry], abiMajor: UInt32 = TabModuleABI.major, abiMinor: UInt32 = TabModuleABI.minor) {
        self.entries = entries
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
    }

    /// Decodes a whole cache file; throws for anything damaged, truncated, too large, or written by
    /// another format or ABI version. A later entry for a path replaces an earlier one.
    public init(decoding data: some Collection<UInt8>) throws(ModuleMetadataCacheError) {
        var entries: [CachedModuleEntry] = []
        var indexByPath: [String: Int] = [:]
        let (major, minor) = try Self.decode(data) { count in
            entries.reserveCapacity(count)
            indexByPath.reserveCapacity(count)
        } each: { entry in
            if let index = indexByPath[entry.path] {
                entries[index] = entry
            } else {
                indexByPath[entry.path] = entries.count
                entries.append(entry)
            }
        }
        self.init(entries: entries, abiMajor: major, abiMinor: minor)
    }

    /// The entries of a whole cache file by path, decoded as ``init(decoding:)`` decodes them (same
    /// checks, same errors, a later entry for a path replaces an earlier one), without keeping the
    /// file's order: what a start looks files up in, one hash of each path.
    static func entriesByPath(decoding data: some Collection<UInt8>) throws(ModuleMetadataCacheError) -> [String: CachedModuleEntry] {
        var entries: [String: CachedModuleEntry] = [:]
        _ = try decode(data) {
            entries.reserveCapacity($0)
        } each: { (entry: consuming CachedModuleEntry) in
            entries[entry.path] = entry
        }
        return entries
    }

    /// Checks the header and checksum, tells `start` the entry count, hands `each` every entry in
    /// file order; returns the ABI version of the host that wrote the file.
    private static func decode(
        _ data: some Collection<UInt8>, start: (Int) -> Void, each: (consuming CachedModuleEntry) -> Void
    ) throws(ModuleMetadataCacheError) -> (major: UInt32, minor: UInt32) {
        guard data.count <= Self.maximumBytes else {
            throw ModuleMetadataCacheError(.tooLarge, "\(data.count) bytes, more than the \(Self.maximumBytes) allowed")
        }
        let bytes = Array(data)
        guard bytes.count >= Self.headerBytes + Self.checksumBytes else {
            throw ModuleMetadataCacheError(.truncated, "\(bytes.count) bytes, shorter than a header")
        }
        guard bytes[0..<8].elementsEqual(Self.magic) else {
            throw ModuleMetadataCacheError(.badMagic, "not a tabhost metadata cache (wrong magic)")
        }
        let bodyEnd = bytes.count - Self.checksumBytes
        return try CacheByteReader.read(bytes, start: 8) { (reader) throws(ModuleMetadataCacheError) in
            let format = try reader.u32()
            guard format == Self.formatVersion else {
                throw ModuleMetadataCacheError(.otherFormat, "cache format \(format), this host reads \(Self.formatVersion)")
            }
            let major = try reader.u32()
            let minor = try reader.u32()
            guard major == TabModuleABI.major, minor == TabModuleABI.minor else {
                let this = "\(TabModuleABI.major).\(TabModuleABI.minor)"
                throw ModuleMetadataCacheError(.otherABI, "written by a host with module ABI \(major).\(minor), this host has \(this)")
            }
            let count = Int(try reader.u32())
            let sum = try CacheByteReader.read(bytes, start: bodyEnd) { (trailer) throws(ModuleMetadataCacheError) in try trailer.u64() }
            guard sum == Self.checksum(bytes[0..<bodyEnd]) else {
                throw ModuleMetadataCacheError(.badChecksum, "checksum mismatch (the file is damaged)")
            }
            guard count <= (bodyEnd - Self.headerBytes) / Self.minimumEntryBytes else {
                throw ModuleMetadataCacheError(.truncated, "\(count) entries cannot fit in \(bytes.count) bytes")
            }
            return try CacheByteReader.read(bytes, start: Self.headerBytes, end: bodyEnd) { (reader) throws(ModuleMetadataCacheError) in
                start(count)
                for _ in 0..<count { each(try Self.entry(&reader)) }
                guard reader.remaining == 0 else {
                    throw ModuleMetadataCacheError(.malformed, "\(reader.remaining) bytes after the last entry")
                }
                return (major, minor)
            }
        }
    }

    /// The file's bytes. Entries with a string too long for the format are left out (they are
    /// simply not cached).
    public func encoded() -> [UInt8] {
        let kept = entries.filter(Self.isEncodable)
        var writer = CacheByteWriter(reservingCapacity: Self.headerBytes + kept.count * 128)
        writer.raw(Self.magic)
        writer.integer(Self.formatVersion)
        writer.integer(abiMajor)
        writer.integer(abiMinor)
        writer.integer(UInt32(kept.count))
        for entry in kept { Self.write(entry, to: &writer) }
        var bytes = writer.bytes
        let sum = Self.checksum(bytes[...])
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: sum >> (8 * shift))) }
        return bytes
    }

    // MARK: Entries

    private static let acceptedTag: UInt8 = 1
    private static let refusedTag: UInt8 = 2

    private static func entry(_ reader: inout CacheByteReader) throws(ModuleMetadataCacheError) -> CachedModuleEntry {
        let path = try reader.string("a path")
        guard path.utf8.first == UInt8(ascii: "/") else { throw ModuleMetadataCacheError(.malformed, "a path is not absolute") }
        let stamp = ModuleFileStamp(
            device: try reader.u64(), inode: try reader.u64(), size: try reader.u64(), modified: try reader.i64(),
            changed: try reader.i64())
        switch try reader.u8() {
        case acceptedTag:
            return CachedModuleEntry(path: path, stamp: stamp, outcome: .accepted(try info(&reader, path: path)))
        case refusedTag:
            let name = try reader.string("a refusal code")
            guard let code = CachedModuleEntry.cacheableCodes.first(where: { $0.name == name }) else {
                throw ModuleMetadataCacheError(.malformed, "refusal code \"\(name)\" is never cached")
            }
            let error = ModuleError(code, path: path, reason: try reader.string("a reason"), hint: try reader.string("a fix"))
            return CachedModuleEntry(path: path, stamp: stamp, outcome: .refused(error))
        case let tag:
            throw ModuleMetadataCacheError(.malformed, "unknown entry tag \(tag)")
        }
    }

    /// An accepted module's metadata, held to what the loader's validator accepts.
    private static func info(_ reader: inout CacheByteReader, path: String) throws(ModuleMetadataCacheError) -> ModuleInfo {
        let name = try reader.string("a name")
        let version = try reader.optionalString("a version")
        let title = try reader.string("a title")
        let glyph = try reader.optionalString("a glyph")
        let declaredImage = try reader.optionalString("an image")
        let imagePath = try reader.optionalString("an image path")
        let kind = ModuleKind(rawValue: try reader.u32())
        let major = try reader.u32()
        let minor = try reader.u32()
        let structSize = try reader.u32()
        let functions = ModuleFunctions(rawValue: try reader.u32())
        let swift = try reader.u8()
        let permissionText = try reader.string("permissions")
        func malformed(_ what: String) -> ModuleMetadataCacheError { ModuleMetadataCacheError(.malformed, what) }
        guard DescriptorValidator.isValidName(name) else { throw malformed("module name \"\(name)\" is not valid") }
        guard title.utf8.count <= DescriptorValidator.maxTitleBytes else { throw malformed("a title is too long") }
        // A cache written before descriptors with controls were refused must not let one through.
        func hasControl(_ text: String?) -> Bool { text.map { ControlCharacters.first(in: $0) != nil } ?? false }
        guard !hasControl(version), !hasControl(title), !hasControl(glyph) else {
            throw malformed("a control character in a descriptor string")
        }
        guard kind.isKnown else { throw malformed("unknown kind \(kind.rawValue)") }
        guard major == TabModuleABI.major, minor <= TabModuleABI.minor else { throw malformed("module ABI \(major).\(minor)") }
        guard structSize >= TabModuleABI.descriptorSize else { throw malformed("struct size \(structSize)") }
        guard functions.isSuperset(of: [.create, .render]), functions.isSubset(of: .known) else {
            throw malformed("function bits \(functions.rawValue)")
        }
        guard swift <= 2 else { throw malformed("Swift flag \(swift)") }
        guard case .success(let permissions) = ModulePermissions.parse(Array(permissionText.utf8)) else {
            throw malformed("permissions \"\(permissionText.prefix(64))\"")
        }
        guard (declaredImage == nil) == (imagePath == nil), imagePath.map({ $0.utf8.first == UInt8(ascii: "/") }) ?? true else {
            throw malformed("image \(declaredImage ?? "-") without an absolute image path")
        }
        return ModuleInfo(
            name: name, version: version, title: title, glyph: glyph, declaredImage: declaredImage, imagePath: imagePath,
            kind: kind, abiMajor: major, abiMinor: minor, structSize: structSize, functions: functions, sourcePath: path,
            containsSwift: swift >= 1, permissions: permissions, carriesSwiftRuntime: swift == 2)
    }

    private static func isEncodable(_ entry: CachedModuleEntry) -> Bool {
        var strings: [String?] = [entry.path]
        switch entry.outcome {
        case .accepted(let info):
            strings += [info.name, info.version, info.title, info.glyph, info.declaredImage, info.imagePath]
            strings.append(info.permissions.joined(separator: " "))
        case .refused(let error):
            guard CachedModuleEntry.isCacheable(error.code) else { return false }
            strings += [error.code.name, error.reason, error.hint]
        }
        return strings.allSatisfy(CacheByteWriter.fits)
    }

    private static func write(_ entry: CachedModuleEntry, to writer: inout CacheByteWriter) {
        writer.string(entry.path)
        writer.integer(entry.stamp.device)
        writer.integer(entry.stamp.inode)
        writer.integer(entry.stamp.size)
        writer.integer(entry.stamp.modified)
        writer.integer(entry.stamp.changed)
        switch entry.outcome {
        case .accepted(let info):
            writer.integer(acceptedTag)
            for text in [info.name, info.version, info.title, info.glyph, info.declaredImage, info.imagePath] {
                writer.string(text)
            }
            for value in [info.kind.rawValue, info.abiMajor, info.abiMinor, info.structSize, info.functions.rawValue] {
                writer.integer(value)
            }
            // 0 no Swift, 1 Swift with a shared runtime, 2 Swift carrying its runtime (a cache written before
            // that distinction has only 0 and 1).
            writer.integer(UInt8(info.carriesSwiftRuntime ? 2 : info.containsSwift ? 1 : 0))
            writer.string(info.permissions.joined(separator: " "))
        case .refused(let error):
            writer.integer(refusedTag)
            for text in [error.code.name, error.reason, error.hint] { writer.string(text) }
        }
    }

    /// FNV-1a's 64-bit multiply over the bytes taken eight at a time (little-endian, the last word
    /// padded with zeros), each step folding the high half into the low, then the byte count: every
    /// step is one-to-one, so a damaged byte anywhere changes the sum (the file is ours, not an
    /// adversary's). Eight bytes a step, not one: a start sums the whole file before it can draw.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        return bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var index = 0
            while index + 8 <= raw.count {
                hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* prime
                hash ^= hash >> 32
                index += 8
            }
            var last: UInt64 = 0
            for shift in 0..<(raw.count - index) { last |= UInt64(raw[index + shift]) << (8 * shift) }
            for word in [last, UInt64(raw.count)] {
                hash = (hash ^ word) &* prime
                hash ^= hash >> 32
            }
            return hash
        }
    }
}
