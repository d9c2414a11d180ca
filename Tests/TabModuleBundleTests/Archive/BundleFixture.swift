import TabHostTesting
import TabModuleBundle
import TabModuleBundleArchive

/// A valid signed bundle's parts, for tests to write as they are or to change: a key, the files, the
/// manifest listing them and its signature.
struct BundleFixture {
    var key = SecretKey.generate()
    /// The manifest's version and permissions (install tests pair them with a compiled module's descriptor).
    var version = SemanticVersion("1.4.0")!
    var permissions = ["network"]
    /// The manifest's feed URL (update tests point it at a loopback server).
    var updates = "https://example.org/clock/feed.json"
    var files: [(path: String, bytes: [UInt8], arch: String?)] = [
        ("x86_64-linux-gnu/clock.so", Array("\u{7F}ELF pretend module".utf8), "x86_64-linux-gnu"),
        ("images/clock.png", Array(repeating: 0x89, count: 300), nil),
        ("data.txt", Array("read-only data\n".utf8), nil),
    ]

    /// The manifest listing `files`.
    var manifest: BundleManifest {
        BundleManifest(
            name: "clock", version: version, abi: "1.3", title: "Clock", description: "Shows the time",
            publisher: "Ada Example", license: "MIT", homepage: "https://example.org/clock", permissions: permissions,
            updates: updates,
            files: files.map { BundleFileEntry(path: $0.path, bytes: $0.bytes, arch: $0.arch) })
    }

    /// The manifest's bytes.
    var manifestBytes: [UInt8] { manifest.encoded() }

    /// The signature of `manifestBytes` by `key`, as a file.
    func signatureBytes(of manifest: [UInt8]? = nil, by signer: SecretKey? = nil) throws -> [UInt8] {
        let signer = signer ?? key
        let text = BundleTrustedComment.text(timestamp: 1_700_000_000, publicKey: signer.publicKey)
        return Array(try signer.sign(manifest ?? manifestBytes, trustedComment: text).fileContents.utf8)
    }

    /// Every entry of the valid bundle, in the order `tabhost pack` writes them.
    func entries() throws -> [RawArchive.Entry] {
        [
            RawArchive.Entry(path: "manifest.json", bytes: manifestBytes),
            RawArchive.Entry(path: "manifest.minisig", bytes: try signatureBytes()),
        ]
            + files.map { RawArchive.Entry(path: $0.path, bytes: $0.bytes) }
    }

    /// Verifies the bundle at `path` with `key`'s public key (or `publicKey`), staging under `staging`.
    func verify(_ path: String, staging: String, publicKey: PublicKey? = nil, limits: BundleLimits = .standard, allowUnsigned: Bool = false)
        throws(BundleError) -> VerifiedBundle
    {
        let expected = publicKey ?? key.publicKey
        return try BundleVerifier(path: path, limits: limits, allowUnsigned: allowUnsigned).verify(stagingIn: staging) { _, _ in expected }
    }
}
