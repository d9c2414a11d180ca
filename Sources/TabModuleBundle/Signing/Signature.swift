/// A minisign signature file: an untrusted comment, the signature (`ED` or `Ed`, key id, Ed25519), a trusted
/// comment, and the global signature over the signature and the trusted comment, which makes that comment
/// as trustworthy as the file.
public struct Signature: Sendable, Hashable {
    /// What is signed: the file (`Ed`) or its BLAKE2b-512 (`ED`).
    public let algorithm: SignatureAlgorithm
    /// The key that made it.
    public let keyID: KeyID
    /// The 64-byte Ed25519 signature of the file (or of its hash).
    let signature: [UInt8]
    /// The first line's comment, which anyone may change.
    public let untrustedComment: String
    /// The third line's comment, covered by `globalSignature`.
    public let trustedComment: String
    /// The Ed25519 signature of `signature` followed by `trustedComment`.
    let globalSignature: [UInt8]

    /// A signature made of its parts.
    init(
        algorithm: SignatureAlgorithm, keyID: KeyID, signature: [UInt8], untrustedComment: String, trustedComment: String,
        globalSignature: [UInt8]
    ) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.signature = signature
        self.untrustedComment = untrustedComment
        self.trustedComment = trustedComment
        self.globalSignature = globalSignature
    }

    /// The signature in the contents of a `.minisig` file read from `path`.
    public init(fileContents: [UInt8], path: String) throws(BundleError) {
        func malformed(_ reason: String) -> BundleError {
            BundleError(.malformedSignature, path: path, reason: reason, hint: "sign the file again with tabhost pack or minisign -S")
        }
        guard let lines = MinisignText.lines(fileContents), lines.count == 4 else {
            throw malformed("not a minisign signature (four lines: untrusted comment, signature, trusted comment, global signature)")
        }
        guard lines[0].hasPrefix(MinisignText.untrustedPrefix) else {
            throw malformed("the first line does not start with \"\(MinisignText.untrustedPrefix)\"")
        }
        guard lines[2].hasPrefix(MinisignText.trustedPrefix) else {
            throw malformed("the third line does not start with \"\(MinisignText.trustedPrefix)\"")
        }
        guard lines[2].utf8.count < MinisignText.maximumTrustedLineBytes else {
            throw malformed("the trusted comment is longer than minisign allows")
        }
        guard let body = Sodium.decodeBase64(lines[1]), body.count == 2 + KeyID.byteCount + Sodium.signatureBytes else {
            throw malformed("the second line is not a minisign signature in base64")
        }
        guard let algorithm = SignatureAlgorithm(tag: body[0..<2]) else {
            throw malformed("the signature's algorithm is neither \"ED\" nor \"Ed\"")
        }
        guard let global = Sodium.decodeBase64(lines[3]), global.count == Sodium.signatureBytes else {
            throw malformed("the fourth line is not a global signature in base64")
        }
        self.init(
            algorithm: algorithm, keyID: KeyID(Array(body[2..<10])), signature: Array(body[10...]),
            untrustedComment: String(lines[0].dropFirst(MinisignText.untrustedPrefix.count)),
            trustedComment: String(lines[2].dropFirst(MinisignText.trustedPrefix.count)), globalSignature: global)
    }

    /// The signature in the `.minisig` file at `path`.
    public static func read(path: String) throws(BundleError) -> Signature {
        try Signature(fileContents: BundleFile.read(path, limit: 16384), path: path)
    }

    /// The `.minisig` file's four lines, as minisign writes them.
    public var fileContents: String {
        let body = Sodium.base64(algorithm.tag + keyID.bytes + signature)
        return "\(MinisignText.untrustedPrefix)\(untrustedComment)\n\(body)\n"
            + "\(MinisignText.trustedPrefix)\(trustedComment)\n\(Sodium.base64(globalSignature))\n"
    }
}
