/// How a bundle's tar is compressed: gzip (everywhere) or zstd (smaller, faster to unpack).
public enum BundleCompression: Sendable, Hashable, CustomStringConvertible {
    /// gzip.
    case gzip
    /// zstd.
    case zstd

    /// `gzip` or `zstd`.
    public var description: String {
        switch self {
        case .gzip: "gzip"
        case .zstd: "zstd"
        }
    }
}
