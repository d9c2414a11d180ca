import TabModuleBundle
import Testing

/// `FeedCheck`: a signed feed is believed only with the pinned key, for its module, before it expires,
/// and only when it offers a newer version; every refusal is one line that says what happens next.
@Suite struct FeedCheckTests {
    let key = SecretKey.generate()
    let url = "https://example.test/hello/feed.json"
    let installed = SemanticVersion("1.2.0")!
    let now = 1_800_000_000

    func feed(
        name: String = "hello", version: String = "1.3.0", bundle: String = "https://example.test/hello-1.3.0.tabmod",
        expires: Int? = nil
    ) -> BundleFeed {
        BundleFeed(
            name: name, version: version, url: bundle, size: 1024, sha256: String(repeating: "ab", count: 32),
            published: now - 60, expires: expires ?? now + 86_400)
    }

    func signed(_ feed: BundleFeed, by signer: SecretKey? = nil, comment: String? = nil) throws -> ([UInt8], [UInt8]) {
        let bytes = feed.encoded()
        let signature = try (signer ?? key).sign(bytes, trustedComment: comment ?? feed.trustedComment)
        return (bytes, Array(signature.fileContents.utf8))
    }

    func check(_ bytes: [UInt8], _ signature: [UInt8], key: PublicKey? = nil) throws(BundleError) -> FeedCheck.Outcome {
        try FeedCheck.check(
            feed: bytes, signature: signature, feedURL: url, module: "hello", key: key ?? self.key.publicKey, installed: installed,
            now: now)
    }

    @Test func aNewerVersionIsOffered() throws {
        let announced = feed()
        let (bytes, signature) = try signed(announced)
        #expect(try check(bytes, signature) == .newer(announced, SemanticVersion("1.3.0")!))
    }

    @Test func theInstalledVersionIsUpToDate() throws {
        let (bytes, signature) = try signed(feed(version: "1.2.0"))
        #expect(try check(bytes, signature) == .upToDate)
    }

    @Test func anOlderVersionIsARollbackAndRefused() throws {
        let (bytes, signature) = try signed(feed(version: "1.1.9"))
        let error = #expect(throws: BundleError.self) { try check(bytes, signature) }
        #expect(error?.code == .olderVersion)
        #expect(
            error?.description
                == "\(url): the feed offers 1.1.9, older than the installed 1.2.0; hello stays at 1.2.0; to go back deliberately, run tabhost rollback hello"
        )
    }

    @Test func anExpiredFeedIsAFreezeAndRefused() throws {
        let (bytes, signature) = try signed(feed(expires: now - 3 * 86_400))
        let error = #expect(throws: BundleError.self) { try check(bytes, signature) }
        #expect(error?.code == .expiredFeed)
        #expect(error?.description.contains("the feed expired 3 days ago") == true, "\(String(describing: error))")
        #expect(error?.description.contains("hello stays at 1.2.0") == true)
    }

    @Test func anotherKeysSignatureIsRefusedWhateverTheFeedSays() throws {
        let stranger = SecretKey.generate()
        let (bytes, signature) = try signed(feed(), by: stranger)
        let error = #expect(throws: BundleError.self) { try check(bytes, signature) }
        #expect(error?.code == .keyMismatch)
    }

    @Test func aChangedByteAfterSigningIsRefused() throws {
        var (bytes, signature) = try signed(feed())
        let index = bytes.firstIndex(of: UInt8(ascii: "3"))!
        bytes[index] = UInt8(ascii: "9")  // 1.3.0 becomes 1.9.0
        let error = #expect(throws: BundleError.self) { try check(bytes, signature) }
        #expect(error?.code == .badSignature)
    }

    @Test(
        arguments: [
            ("another module's feed", "world", "https://example.test/w.tabmod", nil, "the feed is for world, not hello"),
            ("a plain http bundle URL", "hello", "http://example.test/h.tabmod", nil, "is not https:"),
            (
                "a signed comment naming another version", "hello", "https://example.test/h.tabmod",
                "timestamp:1\tfile:feed.json\tname:hello\tversion:9.9.9", "the signed comment does not match the feed"
            ),
        ] as [(String, String, String, String?, String)])
    func aFeedThatDoesNotSpeakForTheModuleIsRefused(_ what: String, name: String, bundle: String, comment: String?, says: String) throws {
        let (bytes, signature) = try signed(feed(name: name, bundle: bundle), comment: comment)
        let error = #expect(throws: BundleError.self, "\(what)") { try check(bytes, signature) }
        #expect(error?.code == .feedMismatch, "\(what)")
        #expect(error?.description.contains(says) == true, "\(what): \(String(describing: error))")
    }
}
