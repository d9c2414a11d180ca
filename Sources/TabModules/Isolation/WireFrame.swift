import _CIsolation

/// One frame of the protocol: the header's type, flags and sequence number, and the payload.
struct WireFrame: Sendable {
    /// Bytes of a header (`TABHOST_WIRE_HEADER_SIZE`).
    static let headerSize = Int(TABHOST_WIRE_HEADER_SIZE)
    /// Largest `length` field accepted (`TABHOST_WIRE_MAX_FRAME`).
    static let maximumLength = Int(TABHOST_WIRE_MAX_FRAME)
    static let replyFlag = UInt16(TABHOST_WIRE_FLAG_REPLY.rawValue)
    static let failedFlag = UInt16(TABHOST_WIRE_FLAG_FAILED.rawValue)

    var type: WireMessage
    var flags: UInt16
    var seq: UInt32
    var payload: [UInt8]

    var isReply: Bool { flags & Self.replyFlag != 0 }
    var isFailure: Bool { flags & Self.failedFlag != 0 }

    /// A reader over the payload.
    var reader: WireReader { WireReader(payload) }

    /// The reason a failed reply carries.
    var failureMessage: String {
        var reader = self.reader
        return (try? reader.string()) ?? "the module's process refused the request"
    }
}
