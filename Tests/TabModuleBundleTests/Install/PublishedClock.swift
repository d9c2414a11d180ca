import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle

/// An installed `clock` 1.4.0 pinned to `key`, with the feed and bundles served from `served`.
final class PublishedClock {
    let scene: InstallScene
    let served: Fixture
    let server: HTTPSTestServer
    let key = SecretKey.generate()
    var https: [String: String] { ["SSL_CERT_FILE": server.caFile] }
    /// Where the feed is fetched from on the server (`drip/feed.json?…` sends it slowly).
    let feedPath: String
    var feedURL: String { server.url(feedPath) }

    /// `holdAfter`: see `HTTPSTestServer.init(root:holdAfter:)`.
    init(feedPath: String = "feed.json", holdAfter: String? = nil) throws {
        self.feedPath = feedPath
        scene = try InstallScene()
        served = try Fixture(prefix: "tabhost-served")
        server = try HTTPSTestServer(root: served.directory, holdAfter: holdAfter)
        let first = try bundle(version: "1.4.0")
        let file = try scene.write(try first.entries(), as: "clock-1.4.0.tabmod")
        let installed = try scene.tabhost(["install", file, "--yes"])
        guard installed.succeeded else { throw UpdateTestFailure("install: \(installed)") }
    }

    /// A bundle of `clock` at `version` asking for `permissions`, signed by `signer` (else `key`).
    func bundle(version: String, permissions: [String] = ["network"], signer: SecretKey? = nil) throws -> BundleFixture {
        var bundle = try scene.fixture(version: version, key: signer ?? key)
        bundle.permissions = permissions
        bundle.updates = feedURL
        let arch = BundleInstallerArchitecture.this
        bundle.files[0] = (
            "\(arch)/clock.so", try scene.module(version: version, permissions: permissions.joined(separator: " ")), arch
        )
        return bundle
    }

    /// Serves `bundle` as `clock-VERSION.tabmod`; returns its bytes.
    @discardableResult
    func serve(_ bundle: BundleFixture) throws -> [UInt8] {
        let path = served.path("clock-\(bundle.version).tabmod")
        try? FileManager.default.removeItem(atPath: path)
        try RawArchive.write(try bundle.entries(), to: path)
        return try BundleFileReading.bytes(path)
    }

    /// Writes `feed.json` announcing `version` with `bytes`' size and hash (or those given), signed by
    /// `signer` (else `key`): in one file with its signature when `combined`, else with `feed.json.minisig`
    /// beside it, written after it. Each file is replaced in one rename, as docs/modules/publishing.md says.
    func announce(
        version: String, bytes: [UInt8], size: UInt64? = nil, sha256: String? = nil, expires: Int? = nil,
        url: String? = nil, signer: SecretKey? = nil, combined: Bool = false
    ) throws {
        let now = Int(time(nil))
        let feed = BundleFeed(
            name: "clock", version: version, url: url ?? server.url("clock-\(version).tabmod"), size: size ?? UInt64(bytes.count),
            sha256: sha256 ?? SHA256Hasher.hex(bytes), published: now - 60, expires: expires ?? now + 86_400)
        let text = feed.encoded()
        let signature = try (signer ?? key).sign(text, trustedComment: feed.trustedComment)
        if combined {
            try Data(SignedFeed.combine(feed: text, signature: signature)).write(
                to: URL(fileURLWithPath: served.path("feed.json")), options: .atomic)
            return
        }
        try Data(text).write(to: URL(fileURLWithPath: served.path("feed.json")), options: .atomic)
        try Data(signature.fileContents.utf8).write(to: URL(fileURLWithPath: served.path("feed.json.minisig")), options: .atomic)
    }

    /// Changes the served feed after it was signed (1.5.0 becomes 1.6.0): a forgery, whose signature
    /// never matches it.
    func forgeFeed() throws {
        let feed = served.path("feed.json")
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        try text.replacingOccurrences(of: "1.5.0", with: "1.6.0").write(toFile: feed, atomically: true, encoding: .utf8)
    }

    func update(_ arguments: [String] = []) throws -> ProcessResult {
        try scene.tabhost(["update"] + arguments, extra: https)
    }

    /// The installed version, from the installed manifest.
    var installedVersion: String? {
        guard let bytes = try? BundleFileReading.bytes(scene.modules + "/clock/manifest.json"),
            let manifest = try? BundleManifest.decode(bytes, path: "manifest.json")
        else { return nil }
        return manifest.version.description
    }
}
