/// The checks `tabhost update` makes of a module's feed before it downloads anything, in this order:
/// the signature with the key pinned for the module (never a key the feed names), the signed comment
/// against the feed, the module's name, the bundle URL's scheme, the expiry (a replayed feed cannot
/// freeze a module on an old version for longer than its publisher allowed) and the version (no
/// rollback to an older bundle).
public enum FeedCheck {
    /// Checks `feed` (the bytes of `feedURL`) and its minisign `signature` (read from `signatureURL`, by
    /// default `feedURL.minisig`; `feedURL` itself for a `SignedFeed`) for `module`, installed at `installed`
    /// and pinned to `key`, at `now` (seconds since 1970). One `BundleError` line for a refusal.
    public static func check(
        feed: [UInt8], signature: [UInt8], feedURL: String, signatureURL: String? = nil, module: String, key: PublicKey,
        installed: SemanticVersion, now: Int
    ) throws(BundleError) -> Outcome {
        let parsed = try Signature(fileContents: signature, path: signatureURL ?? feedURL + ".minisig")
        try key.verify(parsed, of: feed, path: feedURL)
        let announced = try BundleFeed.decode(feed, path: feedURL)
        let hint = "ask the module's publisher to write the feed again with tabhost feed"
        guard parsed.trustedComment == announced.trustedComment else {
            throw BundleError(
                .feedMismatch, path: feedURL, reason: "the signed comment does not match the feed (\(parsed.trustedComment))", hint: hint)
        }
        guard announced.name == module else {
            throw BundleError(
                .feedMismatch, path: feedURL, reason: "the feed is for \(announced.name), not \(module)",
                hint: "the module's manifest names another module's feed; \(hint)")
        }
        guard announced.url.hasPrefix("https://") else {
            throw BundleError(.feedMismatch, path: feedURL, reason: "the bundle URL \(announced.url) is not https:", hint: hint)
        }
        guard now < announced.expires else {
            throw BundleError(
                .expiredFeed, path: feedURL,
                reason: "the feed expired \(Self.age(now - announced.expires)) ago (a replayed old feed, or one not renewed)",
                hint: "\(module) stays at \(installed); ask its publisher to renew the feed with tabhost feed")
        }
        guard let offered = SemanticVersion(announced.version) else {
            throw BundleError(.malformedManifest, path: feedURL, reason: "version \(announced.version) is not semantic", hint: hint)
        }
        if offered == installed { return .upToDate }
        guard offered > installed else {
            throw BundleError(
                .olderVersion, path: feedURL, reason: "the feed offers \(offered), older than the installed \(installed)",
                hint: "\(module) stays at \(installed); to go back deliberately, run tabhost rollback \(module)")
        }
        return .newer(announced, offered)
    }

    /// `seconds` as the largest whole unit: "3 days", "1 hour", "12 seconds".
    static func age(_ seconds: Int) -> String {
        let units = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        for (size, name) in units where seconds >= size {
            let count = seconds / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "0 seconds"
    }
}
