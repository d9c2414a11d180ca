import _CIsolation

/// Reads a payload's fields front to back; a short or malformed payload throws.
package struct WireReader {
    /// The payload ended early or a count was impossible.
    package struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func fixed<T: FixedWidthInteger>(_: T.Type) throws(Malformed) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw Malformed() }
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { target in
            bytes.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + size]))
            }
        }
        offset += size
        return value
    }

    package mutating func u8() throws(Malformed) -> UInt8 { try fixed(UInt8.self) }
    package mutating func u16() throws(Malformed) -> UInt16 { try fixed(UInt16.self) }
    package mutating func u32() throws(Malformed) -> UInt32 { try fixed(UInt32.self) }
    package mutating func i32() throws(Malformed) -> Int32 { try fixed(Int32.self) }
    package mutating func u64() throws(Malformed) -> UInt64 { try fixed(UInt64.self) }

    /// A string (invalid UTF-8 is repaired, as for in-process modules); nil for the NULL count.
    package mutating func optionalString() throws(Malformed) -> String? {
        let count = try u32()
        if count == TABHOST_WIRE_NULL_STRING { return nil }
        guard bytes.count - offset >= Int(count) else { throw Malformed() }
        defer { offset += Int(count) }
        return String(decoding: bytes[offset..<offset + Int(count)], as: UTF8.self)
    }

    /// A string's raw bytes (for the validator, which judges the UTF-8 itself); nil for the NULL count.
    package mutating func optionalBytes() throws(Malformed) -> [UInt8]? {
        let count = try u32()
        if count == TABHOST_WIRE_NULL_STRING { return nil }
        guard bytes.count - offset >= Int(count) else { throw Malformed() }
        defer { offset += Int(count) }
        return Array(bytes[offset..<offset + Int(count)])
    }

    /// A string that must not be NULL.
    package mutating func string() throws(Malformed) -> String {
        guard let value = try optionalString() else { throw Malformed() }
        return value
    }

    /// Bytes with their count in front.
    package mutating func data() throws(Malformed) -> [UInt8] {
        let count = Int(try u32())
        guard bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
