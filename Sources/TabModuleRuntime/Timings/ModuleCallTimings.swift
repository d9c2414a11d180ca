/// How long one kind of module call took: a fixed-bucket log-scale histogram (four buckets per
/// doubling, from a nanosecond to minutes), the count, and the exact maximum. A percentile is its
/// bucket's upper bound (at most a quarter above the true value), never more than the maximum.
///
/// JSON: `{"count": 12, "maxNanoseconds": 23000000, "buckets": [[index, count], …]}` (nonzero buckets only).
public struct ModuleCallTimings: Codable, Sendable, Hashable {
    /// Buckets per doubling of the duration.
    static let bucketsPerOctave = 4
    /// Enough for 2^40 ns (18 minutes); longer calls go to the last bucket.
    static let bucketCount = 41 * bucketsPerOctave

    /// The calls recorded.
    public private(set) var count = 0
    /// The longest call, in nanoseconds.
    public private(set) var maxNanoseconds: UInt64 = 0
    private var counts = [UInt32](repeating: 0, count: Self.bucketCount)

    /// No calls yet.
    public init() {}

    /// Adds one call that took `duration`.
    public mutating func record(_ duration: Duration) {
        let nanoseconds = Self.nanoseconds(duration)
        counts[Self.bucket(of: nanoseconds)] &+= 1
        count += 1
        maxNanoseconds = max(maxNanoseconds, nanoseconds)
    }

    /// The longest call.
    public var maximum: Duration { .nanoseconds(Int64(clamping: maxNanoseconds)) }

    /// The duration `fraction` (0.5, 0.99) of the calls took at most; zero without calls.
    public func percentile(_ fraction: Double) -> Duration {
        guard count > 0 else { return .zero }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (index, bucketCount) in counts.enumerated() {
            seen += Int(bucketCount)
            if seen >= rank {
                return .nanoseconds(Int64(clamping: min(Self.upperBound(of: index), maxNanoseconds)))
            }
        }
        return maximum
    }

    /// `duration` in whole nanoseconds (0 when negative, `UInt64.max` past it).
    public static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ UInt64(attoseconds / 1_000_000_000)
    }

    /// Values 0…3 have a bucket each; above, the octave (the highest bit) and the next two bits.
    static func bucket(of nanoseconds: UInt64) -> Int {
        guard nanoseconds >= 4 else { return Int(nanoseconds) }
        let octave = 63 - nanoseconds.leadingZeroBitCount
        let quarter = Int((nanoseconds >> UInt64(octave - 2)) & 3)
        return min(octave * bucketsPerOctave + quarter, bucketCount - 1)
    }

    /// The largest value in bucket `index`.
    static func upperBound(of index: Int) -> UInt64 {
        guard index >= 2 * bucketsPerOctave else { return UInt64(min(index, 3)) }
        let octave = index / bucketsPerOctave
        let quarter = UInt64(index % bucketsPerOctave)
        guard octave < 63 else { return .max }
        let step = UInt64(1) << UInt64(octave - 2)
        return (UInt64(1) << UInt64(octave)) + (quarter + 1) * step - 1
    }

    private enum CodingKeys: String, CodingKey { case count, maxNanoseconds, buckets }

    /// Reads what `encode` wrote; a bucket index out of range is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        maxNanoseconds = try container.decode(UInt64.self, forKey: .maxNanoseconds)
        for pair in try container.decode([[UInt64]].self, forKey: .buckets) {
            guard pair.count == 2, pair[0] < UInt64(Self.bucketCount), let value = UInt32(exactly: pair[1]) else {
                throw DecodingError.dataCorruptedError(forKey: .buckets, in: container, debugDescription: "bad bucket")
            }
            counts[Int(pair[0])] = value
        }
    }

    /// Writes the count, the maximum and the nonzero buckets.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(maxNanoseconds, forKey: .maxNanoseconds)
        let buckets = counts.enumerated().filter { $0.element > 0 }.map { [UInt64($0.offset), UInt64($0.element)] }
        try container.encode(buckets, forKey: .buckets)
    }
}
