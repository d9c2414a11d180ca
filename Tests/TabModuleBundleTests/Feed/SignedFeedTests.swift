import TabHostTesting
import TabModuleBundle
import Testing

/// The feed and its signature in one file: split back exactly, checked as the two files are, and verified
/// by Debian's `minisign` once the feed is cut out.
@Suite(.blocking) struct SignedFeedTests {
    let key = SecretKey.generate()
    let feed = BundleFeed(
        name: "clock", version: "1.5.0", url: "https://example.test/clock-1.5.0.tabmod", size: 10,
        sha256: String(repeating: "a", count: 64),
        published: 1_800_000_000, expires: 1_800_086_400)

    @Test func itSplitsIntoTheSignatureAndTheFeedAsSigned() throws {
        let text = feed.encoded()
        let signature = try key.sign(text, trustedComment: feed.trustedComment)
        let file = SignedFeed.combine(feed: text, signature: signature)
        let split = try #require(SignedFeed.split(file))
        #expect(split.feed == text)
        #expect(split.signature == Array(signature.fileContents.utf8))
        let outcome = try FeedCheck.check(
            feed: split.feed, signature: split.signature, feedURL: "https://example.test/feed.json",
            signatureURL: "https://example.test/feed.json", module: "clock", key: key.publicKey, installed: SemanticVersion("1.4.0")!,
            now: 1_800_000_100)
        #expect(outcome == .newer(feed, SemanticVersion("1.5.0")!))
        #expect(SignedFeed.split(text) == nil, "a plain feed is JSON: its signature is elsewhere")
    }

    @Test func aTruncatedFileIsAMalformedSignature() throws {
        let signature = try key.sign(feed.encoded(), trustedComment: feed.trustedComment)
        let cut = Array(Array(signature.fileContents.utf8).prefix(40))
        let split = try #require(SignedFeed.split(cut))
        #expect(split.feed.isEmpty)
        let error = #expect(throws: BundleError.self) { try Signature(fileContents: split.signature, path: "feed.json") }
        #expect(error?.code == .malformedSignature)
    }

    @Test func minisignVerifiesItOnceTheFeedIsCutOut() throws {
        let fixture = try Fixture(prefix: "tabhost-signed-feed")
        let text = feed.encoded()
        let file = SignedFeed.combine(feed: text, signature: try key.sign(text, trustedComment: feed.trustedComment))
        let path = try fixture.write("feed.json", text: String(decoding: file, as: UTF8.self))
        try fixture.write("k.pub", text: key.publicKey.fileContents)
        let verified = try run(
            "/bin/sh",
            arguments: [
                "-c", "tail -n +5 \"$1\" > \"$1.body\" && minisign -V -p \"$2\" -x \"$1\" -m \"$1.body\"", "sh", path,
                fixture.path("k.pub"),
            ],
            timeout: .seconds(60))
        #expect(verified.succeeded && verified.stdout.contains("name:clock\tversion:1.5.0"), "\(verified)")
    }
}
