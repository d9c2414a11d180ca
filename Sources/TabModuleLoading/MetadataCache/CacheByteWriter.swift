/// Appends a metadata cache file's fields (little-endian integers, counted strings).
struct CacheByteWriter {
    /// The string count that means "no string".
    static let nilString: UInt16 = 0xFFFF
    /// The longest string a cache holds; a longer one is not cached.
    static let maximumStringBytes = 4096

    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        for shift in 0..<MemoryLayout<T>.size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }

    mutating func raw(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }

    /// A counted string (callers check `fits` first), or the nil count.
    mutating func string(_ text: String?) {
        guard let text else { return integer(Self.nilString) }
        integer(UInt16(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// True when `text` can be written as a counted string.
    static func fits(_ text: String?) -> Bool { (text?.utf8.count ?? 0) <= maximumStringBytes }
}
