import TabModuleBundle
import TabModuleBundleArchive

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost feed`: verifies the bundle with the key's public half, then writes the signed feed: one file,
/// `feed.json`, holding the minisign signature and then the feed (a `SignedFeed`, which the publisher
/// replaces in one rename); or with `detached`, `feed.json` and its signature `feed.json.minisig` (the
/// file `minisign -V -m feed.json` looks for), the form TabHost read before the one file.
struct FeedWriter {
    let bundle: String
    let keyPath: String
    let url: String
    let output: String
    let expiresDays: Int
    let detached: Bool

    func write() throws -> [String] {
        let key = try SecretKey.forCommand(path: keyPath)
        let staging = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let verified = try BundleVerifier(path: bundle).verify(stagingIn: staging) { _, _ throws(BundleError) in key.publicKey }
        verified.staged.remove()
        let manifest = verified.staged.manifest
        let bytes = try BundleFile.read(bundle, limit: Int(BundleLimits.standard.maximumTotalBytes))
        let now = Int(time(nil))
        let feed = BundleFeed(
            name: manifest.name, version: manifest.version.description, url: url, size: UInt64(bytes.count),
            sha256: SHA256Hasher.hex(bytes), published: now, expires: now + expiresDays * 86_400)
        let text = feed.encoded()
        let signature = try key.sign(text, trustedComment: feed.trustedComment, untrustedComment: "signature from tabhost secret key")
        guard detached else {
            if access(output, F_OK) == 0 {
                throw BundleCommandError("\(output): already exists; remove it first, or choose another path with --output")
            }
            try BundleFile.create(output, bytes: SignedFeed.combine(feed: text, signature: signature), mode: 0o644)
            return [
                "\(output): \(feed.name) \(feed.version) at \(url), sha256 \(feed.sha256), expires in \(expiresDays) days",
                "\(output): signed by key id \(key.keyID) (the signature's four lines, then the feed: publish it in one rename)",
            ]
        }
        let signaturePath = output + ".minisig"
        for path in [output, signaturePath] where access(path, F_OK) == 0 {
            throw BundleCommandError("\(path): already exists; remove it first, or choose another path with --output")
        }
        try BundleFile.create(output, bytes: text, mode: 0o644)
        try BundleFile.create(signaturePath, bytes: Array(signature.fileContents.utf8), mode: 0o644)
        return [
            "\(output): \(feed.name) \(feed.version) at \(url), sha256 \(feed.sha256), expires in \(expiresDays) days",
            "\(signaturePath): signed by key id \(key.keyID)",
        ]
    }
}
