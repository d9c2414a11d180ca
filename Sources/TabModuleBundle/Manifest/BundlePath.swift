/// The one rule for paths inside a bundle (the manifest's `files` and the archive's entries): relative,
/// `/`-separated, no empty, `.` or `..` component, no control character or backslash, at most 255 bytes a
/// component and 1024 in all, and not one of the two names the bundle keeps for itself.
public enum BundlePath {
    /// The manifest's name in the bundle.
    public static let manifest = "manifest.json"
    /// The manifest's signature's name in the bundle.
    public static let signature = "manifest.minisig"
    /// The longest path, in bytes.
    public static let maximumBytes = 1024

    /// Why `path` cannot name a file in a bundle, or nil when it can. The two reserved names are refused
    /// unless `allowReserved` (the archive reader checks those itself).
    public static func problem(_ path: String, allowReserved: Bool = false) -> String? {
        guard !path.isEmpty else { return "the path is empty" }
        guard path.utf8.count <= maximumBytes else { return "the path is longer than \(maximumBytes) bytes" }
        guard !path.hasPrefix("/") else { return "the path is absolute" }
        guard !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else {
            return "the path contains a control character or a backslash"
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component == ".." { return "the path leaves the bundle (..)" }
            if component.isEmpty || component == "." { return "the path has an empty or \".\" component" }
            if component.utf8.count > 255 { return "a component of the path is longer than 255 bytes" }
        }
        let first = path.prefix { $0 != "/" }
        if (!allowReserved || first != path) && (first == manifest || first == signature) { return "\(first) is the bundle's own file" }
        return nil
    }
}
