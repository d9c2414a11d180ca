import Foundation
import TabHostTesting
import TabModuleBundle
import Testing

/// Pins per module name (trust on first use) and trusted keys: the decision for a bundle's signature, and the file.
@Suite(.blocking) struct TrustStoreTests {
    let author = SecretKey.generate()
    let stranger = SecretKey.generate()

    private func signature(by key: SecretKey) throws -> Signature {
        try key.sign(Array("{}".utf8), trustedComment: BundleTrustedComment.text(timestamp: 1, publicKey: key.publicKey))
    }

    @Test func aFirstInstallOffersTheBundlesKeyAndAPinHoldsItAfterwards() throws {
        var store = TrustStore()
        let signed = try signature(by: author)
        #expect(store.decision(for: "clock", signature: signed, offered: author.publicKey) == .firstUse(author.publicKey))
        #expect(store.decision(for: "clock", signature: signed, offered: nil) == .unknownKey(author.keyID))
        // A bundle that carries another key than the one that signed it offers nothing to pin.
        #expect(store.decision(for: "clock", signature: signed, offered: stranger.publicKey) == .unknownKey(author.keyID))

        let pinned = store.pin("clock", to: author.publicKey)
        #expect(pinned)
        #expect(store.decision(for: "clock", signature: signed, offered: author.publicKey) == .pinned(author.publicKey))
        let other = try signature(by: stranger)
        #expect(
            store.decision(for: "clock", signature: other, offered: stranger.publicKey)
                == .keyChanged(pinned: author.publicKey, signedBy: stranger.keyID))
        // A pin is replaced only deliberately.
        let replacedQuietly = store.pin("clock", to: stranger.publicKey)
        #expect(!replacedQuietly)
        #expect(store.pinnedKey(for: "clock") == author.publicKey)
        let replaced = store.pin("clock", to: stranger.publicKey, replacing: true)
        #expect(replaced)
        #expect(store.decision(for: "clock", signature: other, offered: nil) == .pinned(stranger.publicKey))
        let unpinned = store.unpin("clock")
        let again = store.unpin("clock")
        #expect(unpinned && !again)
    }

    @Test func aTrustedKeyAsksNothingButNeverOverridesAPin() throws {
        var store = TrustStore()
        store.trust(author.publicKey, comment: "Ada")
        let signed = try signature(by: author)
        #expect(store.decision(for: "clock", signature: signed, offered: author.publicKey) == .trusted(author.publicKey))
        #expect(store.decision(for: "clock", signature: signed, offered: nil) == .trusted(author.publicKey))
        store.pin("clock", to: stranger.publicKey)
        #expect(
            store.decision(for: "clock", signature: signed, offered: author.publicKey)
                == .keyChanged(pinned: stranger.publicKey, signedBy: author.keyID))
        let removed = store.untrust(author.keyID)
        #expect(removed == 1)
        #expect(store.decision(for: "other", signature: signed, offered: author.publicKey) == .firstUse(author.publicKey))
    }

    /// A key made with the id of a key the store knows (anyone can choose an id) is refused on a first
    /// install, not offered: a user checking the question's id would take it for the known key. The
    /// control: the same name and signature with no such key known is a first use.
    @Test(arguments: ["trusted", "pinned to another module"])
    func aKeyWithTheIdOfAKnownKeyIsAnImpostor(_ known: String) throws {
        var store = TrustStore()
        let impostor = SecretKey.generate(keyID: author.keyID)
        let signed = try signature(by: impostor)
        #expect(store.decision(for: "clock", signature: signed, offered: impostor.publicKey) == .firstUse(impostor.publicKey))
        if known == "trusted" { store.trust(author.publicKey, comment: "Ada") } else { store.pin("notes", to: author.publicKey) }
        #expect(
            store.decision(for: "clock", signature: signed, offered: impostor.publicKey)
                == .impostor(offered: impostor.publicKey, known: author.publicKey))
        // The known key itself is still what it was.
        let genuine = try signature(by: author)
        let expected: TrustDecision = known == "trusted" ? .trusted(author.publicKey) : .firstUse(author.publicKey)
        #expect(store.decision(for: "clock", signature: genuine, offered: author.publicKey) == expected)
    }

    @Test func theFileRoundTripsIsPrivateAndIsRefusedWhenOthersCanWriteIt() throws {
        let fixture = try Fixture(prefix: "tabhost-trust")
        let path = fixture.path("config/tabhost/trust.json")
        #expect(try TrustStoreFile.read(path) == TrustStore())
        var store = TrustStore()
        store.pin("clock", to: author.publicKey)
        store.trust(stranger.publicKey, comment: "a friend")
        try TrustStoreFile.write(store, to: path)
        #expect(try TrustStoreFile.read(path) == store)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"key\" : \"\(author.publicKey.base64)\""))

        #expect(chmod(path, 0o622) == 0)
        let error = #expect(throws: BundleError.self) { try TrustStoreFile.read(path) }
        #expect(error?.code == .untrustedStore)
        #expect(error?.description.hasPrefix("\(path): the trust store is not a file of yours that only you can write") == true)
    }

    @Test(arguments: [
        ("{", "not a valid trust store"),
        ("{\"version\": 2, \"pins\": [], \"trusted\": []}", "format version 2, this host reads 1"),
        ("{\"version\": 1, \"pins\": [{\"name\": \"Clock\", \"key\": \"x\"}], \"trusted\": []}", "\"Clock\" is not a module name"),
        (
            "{\"version\": 1, \"pins\": [{\"name\": \"clock\", \"key\": \"RWQ=\"}], \"trusted\": []}",
            "the key pinned for clock is not a public key"
        ),
    ])
    func aDamagedStoreIsRefusedWithOneLine(text: String, says: String) throws {
        let error = #expect(throws: BundleError.self) { try TrustStoreFile.decode(Array(text.utf8), path: "trust.json") }
        #expect(error?.code == .malformedStore)
        #expect(error?.description.hasPrefix("trust.json: \(says)") == true, "\(error?.description ?? "")")
    }
}
