import Foundation
import TabHostCore
import Testing

/// A log line's time, made without Foundation's formatter, reads as `Date.formatted(.iso8601)` writes it.
struct LogTimestampTests {
    @Test(arguments: [0, 59, 951_782_400, 1_795_000_000, 1_798_761_599, 4_102_444_800])
    func readsAsFoundationsISO8601(seconds: Int) {
        #expect(LogTimestamp.string(secondsSince1970: seconds) == Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601))
    }

    @Test func nowIsThisSecond() {
        let before = Int(Date().timeIntervalSince1970)
        let now = LogTimestamp.now
        let after = Int(Date().timeIntervalSince1970)
        #expect((before...after).map { LogTimestamp.string(secondsSince1970: $0) }.contains(now), "\(now)")
    }
}
