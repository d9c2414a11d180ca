import TabModuleIsolation
import TabModuleRuntime
import Testing
import _CIsolation

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

    /// A child collects no more of a render than the host can show (issue 36: a render reply was allowed
    /// 48 MiB), yet always enough for the host to cut the view where it would in process: the host's 4 MiB
    /// of strings and the encoding of every node it may keep (a kind, and at most a few counts each).
    @Test func aChildCollectsARenderJustPastWhatTheHostShows() {
        let encoding = (ModuleLimits.maximumViewNodes + 1) * 64
        #expect(Int(TABHOST_WIRE_MAX_VIEW_BYTES) >= ModuleLimits.maximumViewBytes + encoding)
        #expect(Int(TABHOST_WIRE_MAX_VIEW_BYTES) <= 2 * ModuleLimits.maximumViewBytes)
        #expect(TABHOST_WIRE_MAX_VIEW_BYTES < TABHOST_WIRE_MAX_FRAME)
    }
}
