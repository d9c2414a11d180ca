/// Reads a metadata cache file's fields front to back; every read is bounds-checked and throws
/// instead of trapping (the decoder is fuzzed).
struct CacheByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int

    /// Reads `bytes[start..<end]`.
    init(_ bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        offset = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    /// Bytes left before `end`.
    var remaining: Int { max(end - offset, 0) }

    private mutating func take(_ count: Int) throws(ModuleMetadataCacheError) -> Range<Int> {
        guard count >= 0, remaining >= count else {
            throw ModuleMetadataCacheError(.truncated, "ends inside an entry (at byte \(offset))")
        }
        defer { offset += count }
        return offset..<offset + count
    }

    /// A little-endian integer.
    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(ModuleMetadataCacheError) -> T {
        let range = try take(MemoryLayout<T>.size)
        return T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: range.lowerBound, as: T.self) })
    }

    mutating func u8() throws(ModuleMetadataCacheError) -> UInt8 { try integer(UInt8.self) }
    mutating func u16() throws(ModuleMetadataCacheError) -> UInt16 { try integer(UInt16.self) }
    mutating func u32() throws(ModuleMetadataCacheError) -> UInt32 { try integer(UInt32.self) }
    mutating func u64() throws(ModuleMetadataCacheError) -> UInt64 { try integer(UInt64.self) }
    mutating func i64() throws(ModuleMetadataCacheError) -> Int64 { try integer(Int64.self) }

    /// A string (`u16` byte count, valid UTF-8), or nil for the count `CacheByteWriter.nilString`.
    mutating func optionalString(_ field: String) throws(ModuleMetadataCacheError) -> String? {
        let count = try u16()
        if count == CacheByteWriter.nilString { return nil }
        guard Int(count) <= CacheByteWriter.maximumStringBytes else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is \(count) bytes long")
        }
        let range = try take(Int(count))
        // ASCII (names, paths, most titles) skips the generic UTF-8 validation, a noticeable share of
        // decoding a cache of many modules (docs/contributing/performance-history.md).
        let decoded: String? = bytes.withUnsafeBufferPointer { all in
            let field = UnsafeBufferPointer(rebasing: all[range])
            return field.allSatisfy { $0 < 0x80 } ? String(decoding: field, as: UTF8.self) : String(validating: field, as: UTF8.self)
        }
        guard let text = decoded else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is not valid UTF-8")
        }
        return text
    }

    /// A string that must be present.
    mutating func string(_ field: String) throws(ModuleMetadataCacheError) -> String {
        guard let text = try optionalString(field) else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is missing")
        }
        return text
    }
}
