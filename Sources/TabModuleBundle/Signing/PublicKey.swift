/// A minisign public key: `Ed`, a key id and an Ed25519 public key, written as minisign writes it
/// (`untrusted comment: …` then the base64 line `RW…`).
public struct PublicKey: Sendable, Hashable {
    /// The key's id, as every signature it makes names it.
    public let keyID: KeyID
    /// The 32-byte Ed25519 public key.
    let key: [UInt8]

    /// The key made of `keyID` and the Ed25519 `key`.
    init(keyID: KeyID, key: [UInt8]) {
        self.keyID = keyID
        self.key = key
    }

    /// The key in `base64` (the second line of a `.pub` file, or what `minisign -P` takes); errors name `path`.
    public init(base64: String, path: String = "public key") throws(BundleError) {
        guard let bytes = Sodium.decodeBase64(base64), bytes.count == 2 + KeyID.byteCount + Sodium.publicKeyBytes else {
            throw BundleError(
                .malformedKey, path: path, reason: "not a minisign public key (expected 56 characters of base64 starting with RW)",
                hint: "give the .pub file written by tabhost keygen or minisign -G")
        }
        guard bytes.prefix(2).elementsEqual("Ed".utf8) else {
            throw BundleError(
                .malformedKey, path: path, reason: "the key's algorithm is not Ed25519 (\"Ed\")",
                hint: "give the .pub file written by tabhost keygen or minisign -G")
        }
        self.init(keyID: KeyID(Array(bytes[2..<10])), key: Array(bytes[10...]))
    }

    /// The key in the contents of a `.pub` file read from `path`.
    public init(fileContents: [UInt8], path: String) throws(BundleError) {
        guard let lines = MinisignText.lines(fileContents), lines.count == 2, lines[0].hasPrefix(MinisignText.untrustedPrefix) else {
            throw BundleError(
                .malformedKey, path: path, reason: "not a minisign public key file (an untrusted comment line, then one base64 line)",
                hint: "give the .pub file written by tabhost keygen or minisign -G")
        }
        try self.init(base64: lines[1], path: path)
    }

    /// The key in the `.pub` file at `path`.
    public static func read(path: String) throws(BundleError) -> PublicKey {
        try PublicKey(fileContents: BundleFile.read(path, limit: 4096), path: path)
    }

    /// The base64 line (`RW…`).
    public var base64: String { Sodium.base64(Array("Ed".utf8) + keyID.bytes + key) }

    /// A `.pub` file: `untrusted comment: minisign public key KEYID` and the base64 line.
    public var fileContents: String { "\(MinisignText.untrustedPrefix)minisign public key \(keyID)\n\(base64)\n" }

    /// Checks that `signature` is this key's signature of `message` and of its own trusted comment, as
    /// `minisign -V` does; errors name `path` (the signed file). Accepts both `ED` and legacy `Ed` signatures.
    public func verify(_ signature: Signature, of message: [UInt8], path: String) throws(BundleError) {
        guard signature.keyID == keyID else {
            throw BundleError(
                .keyMismatch, path: path, reason: "signed by key \(signature.keyID), not by the expected key \(keyID)",
                hint: "verify it with the public key \(signature.keyID), or ask its publisher why the key changed")
        }
        guard Sodium.verify(signature.signature, message: signature.algorithm.signedBytes(message), publicKey: key) else {
            throw BundleError(
                .badSignature, path: path, reason: "the signature of key \(keyID) does not match: the file changed after it was signed",
                hint: "get the file and its signature again from its publisher")
        }
        guard Sodium.verify(signature.globalSignature, message: signature.signature + Array(signature.trustedComment.utf8), publicKey: key)
        else {
            throw BundleError(
                .badTrustedComment, path: path, reason: "the signature's trusted comment was changed after signing",
                hint: "get the signature again from its publisher")
        }
    }
}
