import _CIsolation

/// Builds one frame: header room first, then payload fields in protocol order (host byte order).
struct WireWriter {
    private(set) var bytes: [UInt8]
    /// The frame's message type.
    let type: WireMessage

    /// A frame of `type` whose header is filled in by `frame(flags:seq:)`.
    init(_ type: WireMessage) {
        self.type = type
        bytes = [UInt8](repeating: 0, count: WireFrame.headerSize)
        bytes.reserveCapacity(64)
        withUnsafeBytes(of: type.rawValue) { header in
            bytes[4] = header[0]
            bytes[5] = header[1]
        }
    }

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
    mutating func i32(_ value: Int32) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }

    /// A string as its byte count and UTF-8 bytes; nil as the NULL count.
    mutating func string(_ value: String?) {
        guard let value else {
            u32(TABHOST_WIRE_NULL_STRING)
            return
        }
        var copy = value
        copy.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Raw bytes with their count in front.
    mutating func data(_ value: [UInt8]) {
        u32(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    /// The finished frame's bytes with `flags` and `seq` in the header.
    func frame(flags: UInt16 = 0, seq: UInt32) -> [UInt8] {
        var result = bytes
        let length = UInt32(result.count - 4)
        withUnsafeBytes(of: length) { for i in 0..<4 { result[i] = $0[i] } }
        withUnsafeBytes(of: flags) { for i in 0..<2 { result[6 + i] = $0[i] } }
        withUnsafeBytes(of: seq) { for i in 0..<4 { result[8 + i] = $0[i] } }
        return result
    }
}
