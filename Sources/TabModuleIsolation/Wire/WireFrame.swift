import _CIsolation

/// One frame of the protocol: the header's type, flags and sequence number, and the payload.
package struct WireFrame: Sendable {
    /// Bytes of a header (`TABHOST_WIRE_HEADER_SIZE`).
    static let headerSize = Int(TABHOST_WIRE_HEADER_SIZE)
    /// Largest `length` field accepted (`TABHOST_WIRE_MAX_FRAME`).
    package static let maximumLength = Int(TABHOST_WIRE_MAX_FRAME)
    static let replyFlag = UInt16(TABHOST_WIRE_FLAG_REPLY.rawValue)
    static let failedFlag = UInt16(TABHOST_WIRE_FLAG_FAILED.rawValue)

    package var type: WireMessage
    var flags: UInt16
    var seq: UInt32
    package var payload: [UInt8]

    package var isReply: Bool { flags & Self.replyFlag != 0 }
    package var isFailure: Bool { flags & Self.failedFlag != 0 }

    /// A reader over the payload.
    package var reader: WireReader { WireReader(payload) }

    /// How many bytes the frame at the start of `bytes` takes, by its header's length field (little-endian,
    /// counting what follows it), or nil while fewer than that field's four bytes are there. Not checked:
    /// `cut` refuses a length no frame can have.
    package static func size(of bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 4 else { return nil }
        let start = bytes.startIndex
        let length = bytes[start..<start + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        return 4 + length
    }

    /// The frame at the start of `bytes` and how many bytes it takes, or nil while `bytes` holds
    /// only part of it; throws for a header no frame can have (a length under 8 or over the maximum),
    /// before anything is allocated for it.
    package static func cut(_ bytes: ArraySlice<UInt8>) throws(WireReader.Malformed) -> (frame: WireFrame, size: Int)? {
        guard bytes.count >= headerSize, let size = size(of: bytes) else { return nil }
        let start = bytes.startIndex
        var header = WireReader(Array(bytes[start + 4..<start + headerSize]))
        let type = WireMessage(rawValue: try header.u16())
        let flags = try header.u16()
        let seq = try header.u32()
        guard size - 4 >= 8, size - 4 <= maximumLength else { throw WireReader.Malformed() }
        guard bytes.count >= size else { return nil }
        let payload = Array(bytes[(start + headerSize)..<(start + size)])
        return (WireFrame(type: type, flags: flags, seq: seq, payload: payload), size)
    }

    /// The reason a failed reply carries.
    package var failureMessage: String {
        var reader = self.reader
        return (try? reader.string()) ?? "the module's process refused the request"
    }
}
