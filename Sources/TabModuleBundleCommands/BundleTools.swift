import TabHostCommandLine

/// The bundle tools `tabhost-bundle` hands to the command line: `pack` and `feed`.
public struct BundleTools: BundleTooling {
    /// The tools.
    public init() {}

    /// See `BundleTooling.pack`.
    public func pack(directory: String, keyPath: String, output: String?) throws -> [String] {
        try ProjectPacker(directory: directory, keyPath: keyPath, output: output).pack()
    }

    /// See `BundleTooling.feed`.
    public func feed(bundle: String, keyPath: String, url: String, output: String?, expiresDays: Int) throws -> [String] {
        try FeedWriter(bundle: bundle, keyPath: keyPath, url: url, output: output ?? "feed.json", expiresDays: expiresDays).write()
    }
}
