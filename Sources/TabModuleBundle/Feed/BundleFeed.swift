import FoundationEssentials

/// A module's signed feed (`feed.json`, signed in minisign's format as `feed.json.minisig`): the newest
/// bundle, where to download it, its size and SHA-256, and how long the announcement holds, so
/// `tabhost update` can refuse an older version (rollback) and an expired feed (freeze).
/// Read strictly, as the manifest is: every field required, no other field.
public struct BundleFeed: Sendable, Hashable, Codable {
    /// The module's name.
    public var name: String
    /// The bundle's version (semantic).
    public var version: String
    /// The `https:` URL of the bundle.
    public var url: String
    /// The bundle's size in bytes.
    public var size: UInt64
    /// The bundle's SHA-256, 64 lower-case hexadecimal digits.
    public var sha256: String
    /// When the feed was written, seconds since 1970 (UTC).
    public var published: Int
    /// When the feed stops being valid, seconds since 1970 (UTC).
    public var expires: Int

    /// A feed of these fields.
    public init(name: String, version: String, url: String, size: UInt64, sha256: String, published: Int, expires: Int) {
        self.name = name
        self.version = version
        self.url = url
        self.size = size
        self.sha256 = sha256
        self.published = published
        self.expires = expires
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case name, version, url, size, sha256, published, expires }

    /// Decodes strictly: an unknown field is refused.
    public init(from decoder: any Decoder) throws {
        try ManifestKey.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        let object = try decoder.container(keyedBy: CodingKeys.self)
        name = try object.decode(String.self, forKey: .name)
        version = try object.decode(String.self, forKey: .version)
        url = try object.decode(String.self, forKey: .url)
        size = try object.decode(UInt64.self, forKey: .size)
        sha256 = try object.decode(String.self, forKey: .sha256)
        published = try object.decode(Int.self, forKey: .published)
        expires = try object.decode(Int.self, forKey: .expires)
    }

    /// The trusted comment its signature carries: `timestamp:SECONDS`, `file:feed.json`, `name:NAME`, `version:V`.
    public var trustedComment: String { "timestamp:\(published)\tfile:feed.json\tname:\(name)\tversion:\(version)" }

    /// The feed as written: JSON with sorted keys, pretty-printed, ending in a newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The feed in `bytes` (read from `path`); one line for anything wrong.
    public static func decode(_ bytes: [UInt8], path: String) throws(BundleError) -> BundleFeed {
        let hint = "the feed is damaged; ask its publisher to write it again with tabhost feed"
        do {
            return try JSONDecoder().decode(BundleFeed.self, from: Data(bytes))
        } catch let problem as ManifestFieldProblem {
            throw BundleError(.malformedManifest, path: path, reason: problem.reason, hint: hint)
        } catch let error as DecodingError {
            throw BundleError(.malformedManifest, path: path, reason: ManifestJSON.describe(error), hint: hint)
        } catch {
            throw BundleError(.malformedManifest, path: path, reason: "not valid JSON", hint: hint)
        }
    }
}
