#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The time a log line starts with: UTC to the second in ISO 8601, `2026-11-28T20:56:52Z`, as
/// `Date.formatted(.iso8601)` writes it. Made from `gmtime_r`: the first such `formatted` call of a
/// process sets up calendars and time zones, a visible part of a start that logs a line before its first
/// frame (figures in docs/contributing/performance-history.md).
package enum LogTimestamp {
    /// Now, by the same clock as `Date()`: `time()` reads the kernel's coarse clock, which can still be
    /// in the last second for a few milliseconds after the precise one has moved on.
    package static var now: String {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return string(secondsSince1970: Int(clock.tv_sec))
    }

    /// The time `seconds` after 1970-01-01T00:00:00Z.
    package static func string(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "1970-01-01T00:00:00Z" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func digits(_ value: Int32, _ count: Int) {
            var divisor: Int32 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
                divisor /= 10
            }
        }
        digits(parts.tm_year + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(parts.tm_mon + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(parts.tm_mday, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(parts.tm_hour, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(parts.tm_min, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(parts.tm_sec, 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
