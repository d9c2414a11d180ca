import TabModuleBundle

extension FuzzTarget {
    /// A bundle's small files on any bytes, as an install reads them before it trusts anything: `manifest.json`
    /// (`BundleManifest.decode`), `manifest.minisig` (`Signature(fileContents:)`, its trusted comment), a
    /// `.pub` file, a project's `tabmod.json` and a feed (`BundleFeed.decode`, as `update` reads it). Whatever the
    /// manifest and feed decoders accept must survive `encoded()` unchanged (`pack` and `feed` sign what they
    /// encode), and a signature that parses must write back as the same signature.
    static let bundleManifest = FuzzTarget(
        "bundle-manifest",
        "bundle manifest, signature, public key, tabmod.json and feed readers (BundleManifest.decode, Signature, PublicKey, BundleFeed)"
    ) { bytes in
        if let manifest = try? BundleManifest.decode(bytes, path: "fuzz.tabmod") {
            let again = try? BundleManifest.decode(manifest.encoded(), path: "fuzz.tabmod")
            precondition(again == manifest, "a decoded manifest did not survive encoded()")
        }
        if let signature = try? Signature(fileContents: bytes, path: "fuzz.minisig") {
            let again = try? Signature(fileContents: Array(signature.fileContents.utf8), path: "fuzz.minisig")
            precondition(again == signature, "a decoded signature did not survive fileContents")
            _ = BundleTrustedComment(signature.trustedComment).publicKey
        }
        if let key = try? PublicKey(fileContents: bytes, path: "fuzz.pub") {
            precondition((try? PublicKey(base64: key.base64)) == key, "a public key did not survive base64")
        }
        _ = try? ProjectBundleSettings.decode(bytes, path: "tabmod.json")
        if let feed = try? BundleFeed.decode(bytes, path: "feed.json") {
            precondition((try? BundleFeed.decode(feed.encoded(), path: "feed.json")) == feed, "a decoded feed did not survive encoded()")
        }
        _ = SemanticVersion(String(decoding: bytes.prefix(256), as: UTF8.self))
    }
}
