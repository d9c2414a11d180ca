import TabModuleIsolation
import Testing

/// The wire protocol's frame limit (docs/user/limits.md): a header announcing the largest frame waits
/// for its bytes; one announcing a byte more is refused before anything is allocated for it.
struct WireLimitTests {
    /// A frame header: length, type, flags, seq (host byte order, as both ends run on one machine).
    static func header(length: UInt32) -> [UInt8] {
        withUnsafeBytes(of: length) { Array($0) } + [12, 0, 1, 0] + [7, 0, 0, 0]
    }

    @Test func aFrameOfTheMaximumLengthWaitsForItsBytesAndALongerOneIsRefused() throws {
        let limit = UInt32(WireFrame.maximumLength)
        #expect(try WireFrame.cut(Self.header(length: limit)[...] + [1, 2, 3]) == nil)
        #expect(throws: WireReader.Malformed.self) { try WireFrame.cut(Self.header(length: limit + 1)[...]) }
        #expect(throws: WireReader.Malformed.self) { try WireFrame.cut(Self.header(length: 7)[...]) }
    }

    @Test func aWholeFrameIsCutOffTheStreamAndTheRestStays() throws {
        let stream = Self.header(length: 10) + [0xAB, 0xCD] + [9, 9]
        let (frame, size) = try #require(try WireFrame.cut(stream[...]))
        #expect(size == 14)
        #expect(frame.payload == [0xAB, 0xCD])
        #expect(frame.isReply)
    }
}
