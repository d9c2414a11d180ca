/// How much a bundle may hold before it is refused unread: entries, the size of one file and of all
/// files, and how much the archive may expand (a small download that unpacks to gigabytes is refused).
public struct BundleLimits: Sendable, Hashable {
    /// The most entries (files and directories, the manifest and signature included).
    public var maximumEntries: Int
    /// The largest single file, in bytes.
    public var maximumFileBytes: UInt64
    /// The most bytes all files together may hold.
    public var maximumTotalBytes: UInt64
    /// How many times larger than the compressed bytes read so far the unpacked bytes may grow.
    public var maximumCompressionRatio: UInt64
    /// Unpacked bytes below which the ratio is not checked (small files of zeros compress very well).
    public var ratioFreeBytes: UInt64

    /// Explicit limits.
    public init(
        maximumEntries: Int, maximumFileBytes: UInt64, maximumTotalBytes: UInt64, maximumCompressionRatio: UInt64,
        ratioFreeBytes: UInt64
    ) {
        self.maximumEntries = maximumEntries
        self.maximumFileBytes = maximumFileBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumCompressionRatio = maximumCompressionRatio
        self.ratioFreeBytes = ratioFreeBytes
    }

    /// The limits `tabhost install` uses: far above any module seen (a `.so` per architecture, images, data).
    public static let standard = BundleLimits(
        maximumEntries: 4096, maximumFileBytes: 256 << 20, maximumTotalBytes: 512 << 20, maximumCompressionRatio: 100,
        ratioFreeBytes: 1 << 20)
}
