import Glibc

/// Reads a metadata cache file's fields front to back; every read is bounds-checked and throws
/// instead of trapping (the decoder is fuzzed).
///
/// It reads through a pointer to the file's bytes, valid only inside ``read(_:start:end:_:)``'s body:
/// a start decodes every entry of the cache before it can draw, and a read through the array checks
/// its bounds, uniqueness and ownership on every field (docs/contributing/performance-history.md).
struct CacheByteReader {
    private let base: UnsafeRawPointer?
    private(set) var offset: Int
    private let end: Int

    private init(base: UnsafeRawPointer?, start: Int, end: Int) {
        self.base = base
        offset = start
        self.end = end
    }

    /// Runs `body` with a reader of `bytes[start..<end]` (`end` defaults to the last byte).
    static func read<Result>(
        _ bytes: [UInt8], start: Int = 0, end: Int? = nil,
        _ body: (inout CacheByteReader) throws(ModuleMetadataCacheError) -> Result
    ) throws(ModuleMetadataCacheError) -> Result {
        let end = min(end ?? bytes.count, bytes.count)
        // `withUnsafeBytes` rethrows untyped errors: the typed one is carried out beside the result.
        var failure: ModuleMetadataCacheError?
        let result = bytes.withUnsafeBytes { raw -> Result? in
            var reader = CacheByteReader(base: raw.baseAddress, start: min(max(start, 0), end), end: end)
            do throws(ModuleMetadataCacheError) {
                return try body(&reader)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return result!
    }

    /// Bytes left before `end`.
    var remaining: Int { end - offset }

    /// The start of the next `count` bytes, which the reader moves past.
    @inline(__always)
    private mutating func take(_ count: Int) throws(ModuleMetadataCacheError) -> UnsafeRawPointer {
        guard count >= 0, remaining >= count, let base else {
            throw ModuleMetadataCacheError(.truncated, "ends inside an entry (at byte \(offset))")
        }
        defer { offset += count }
        return base + offset
    }

    /// A little-endian integer.
    @inline(__always)
    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(ModuleMetadataCacheError) -> T {
        T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self))
    }

    @inline(__always) mutating func u8() throws(ModuleMetadataCacheError) -> UInt8 { try integer(UInt8.self) }
    @inline(__always) mutating func u16() throws(ModuleMetadataCacheError) -> UInt16 { try integer(UInt16.self) }
    @inline(__always) mutating func u32() throws(ModuleMetadataCacheError) -> UInt32 { try integer(UInt32.self) }
    @inline(__always) mutating func u64() throws(ModuleMetadataCacheError) -> UInt64 { try integer(UInt64.self) }
    @inline(__always) mutating func i64() throws(ModuleMetadataCacheError) -> Int64 { try integer(Int64.self) }

    /// A string (`u16` byte count, valid UTF-8), or nil for the count `CacheByteWriter.nilString`.
    mutating func optionalString(_ field: StaticString) throws(ModuleMetadataCacheError) -> String? {
        let count = try u16()
        if count == CacheByteWriter.nilString { return nil }
        guard Int(count) <= CacheByteWriter.maximumStringBytes else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is \(count) bytes long")
        }
        let bytes = UnsafeRawBufferPointer(start: try take(Int(count)), count: Int(count)).assumingMemoryBound(to: UInt8.self)
        // Decoding repairs what is not UTF-8, and a repaired string is not its bytes: a copy and a compare,
        // where `String(validating:as:)` walks every string through the generic validation.
        let text = String(decoding: bytes, as: UTF8.self)
        let intact =
            text.utf8.withContiguousStorageIfAvailable { decoded in
                guard decoded.count == bytes.count else { return false }
                guard let decodedStart = decoded.baseAddress, let start = bytes.baseAddress else { return bytes.isEmpty }
                return memcmp(decodedStart, start, bytes.count) == 0
            } == true
        guard intact else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is not valid UTF-8")
        }
        return text
    }

    /// A string that must be present.
    mutating func string(_ field: StaticString) throws(ModuleMetadataCacheError) -> String {
        guard let text = try optionalString(field) else {
            throw ModuleMetadataCacheError(.malformed, "\(field) is missing")
        }
        return text
    }
}
