import TabModuleBundle

extension FuzzTarget {
    /// A bundle's small files on any bytes, as an install reads them before it trusts anything: `manifest.json`
    /// (`BundleManifest.decode`), `manifest.minisig` (`Signature(fileContents:)`, its trusted comment), a
    /// `.pub` file and a project's `tabmod.json`. Whatever the manifest decoder accepts must survive `encoded()`
    /// unchanged (`pack` signs what it encodes), and a signature that parses must write back as the same signature.
    static let bundleManifest = FuzzTarget(
        "bundle-manifest", "bundle manifest, signature, public key and tabmod.json readers (BundleManifest.decode, Signature, PublicKey)"
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
        _ = SemanticVersion(String(decoding: bytes.prefix(256), as: UTF8.self))
    }
}
