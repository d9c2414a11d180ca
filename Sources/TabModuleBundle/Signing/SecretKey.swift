/// A minisign secret key: the key id and the Ed25519 secret key (whose second half is the public key).
///
/// The file holds `Ed`, the KDF (`Sc` for scrypt, or two zero bytes when unencrypted), `B2` (the checksum,
/// BLAKE2b-256 of `Ed`, the key id and the secret key), the scrypt salt and limits, then the key id, secret
/// key and checksum, XORed with the scrypt stream of the password when encrypted. `minisign -S` reads it.
/// As minisign, only an encrypted key's checksum is checked (it is what tells a wrong password):
/// `minisign -G -W` writes unencrypted keys whose checksum is zero.
public struct SecretKey: Sendable {
    /// The key's id, named by every signature it makes.
    public let keyID: KeyID
    /// The 64-byte Ed25519 secret key.
    let key: [UInt8]

    /// The size of the file's binary form.
    static let fileBytes = 2 + 2 + 2 + Sodium.saltBytes + 8 + 8 + KeyID.byteCount + Sodium.secretKeyBytes + 32

    private init(keyID: KeyID, key: [UInt8]) {
        self.keyID = keyID
        self.key = key
    }

    /// A new key pair with a random key id.
    public static func generate() -> SecretKey {
        let pair = Sodium.keyPair()
        return SecretKey(keyID: KeyID(Sodium.random(KeyID.byteCount)), key: pair.secretKey)
    }

    /// A new key pair with the key id `keyID`: what anyone can make, and what the trust store must tell
    /// from the key it knows by that id (tests).
    package static func generate(keyID: KeyID) -> SecretKey {
        SecretKey(keyID: keyID, key: Sodium.keyPair().secretKey)
    }

    /// The public half.
    public var publicKey: PublicKey { PublicKey(keyID: keyID, key: Array(key[32...])) }

    /// Whether the secret key file's contents are encrypted (their KDF is not zero), so `init` will ask for a password;
    /// nil when they are not a minisign secret key.
    public static func isEncrypted(fileContents: [UInt8]) -> Bool? {
        guard let bytes = decodedBody(fileContents), bytes.count == fileBytes else { return nil }
        return !bytes[2..<4].allSatisfy { $0 == 0 }
    }

    /// The key in the contents of a secret key file read from `path`. `password` is called only for an
    /// encrypted key; nil from it means none could be had.
    public init(fileContents: [UInt8], path: String, password: () -> [UInt8]?) throws(BundleError) {
        let hint = "give the secret key file written by tabhost keygen or minisign -G"
        guard var bytes = Self.decodedBody(fileContents), bytes.count == Self.fileBytes else {
            throw BundleError(
                .malformedKey, path: path, reason: "not a minisign secret key file (an untrusted comment line, then one base64 line)",
                hint: hint)
        }
        defer { Sodium.wipe(&bytes) }
        guard bytes[0..<2].elementsEqual("Ed".utf8) else {
            throw BundleError(.malformedKey, path: path, reason: "the key's algorithm is not Ed25519 (\"Ed\")", hint: hint)
        }
        guard bytes[4..<6].elementsEqual("B2".utf8) else {
            throw BundleError(.malformedKey, path: path, reason: "the key's checksum is not BLAKE2b (\"B2\")", hint: hint)
        }
        let kdf = bytes[2..<4]
        let keyStart = 6 + Sodium.saltBytes + 16
        if kdf.elementsEqual("Sc".utf8) {
            guard var secret = password() else {
                throw BundleError(
                    .passwordRequired, path: path, reason: "the secret key is encrypted and no password was given",
                    hint: "type it on the terminal, or set TABHOST_KEY_PASSWORD")
            }
            defer { Sodium.wipe(&secret) }
            let salt = Array(bytes[6..<(6 + Sodium.saltBytes)])
            let limits = KeyDerivationLimits(
                opsLimit: Self.loadLittleEndian(bytes[(6 + Sodium.saltBytes)...]),
                memLimit: Self.loadLittleEndian(bytes[(14 + Sodium.saltBytes)...]))
            guard
                var stream = Sodium.scrypt(
                    password: secret, salt: salt, opsLimit: limits.opsLimit, memLimit: limits.memLimit, length: bytes.count - keyStart)
            else {
                throw BundleError(
                    .malformedKey, path: path,
                    reason: "the key's scrypt limits cannot be used (\(limits.opsLimit), \(limits.memLimit) bytes)",
                    hint: hint)
            }
            defer { Sodium.wipe(&stream) }
            for index in 0..<stream.count { bytes[keyStart + index] ^= stream[index] }
        } else if !kdf.allSatisfy({ $0 == 0 }) {
            throw BundleError(.malformedKey, path: path, reason: "the key's encryption is neither scrypt (\"Sc\") nor none", hint: hint)
        }
        let keyID = KeyID(Array(bytes[keyStart..<(keyStart + KeyID.byteCount)]))
        let key = Array(bytes[(keyStart + KeyID.byteCount)..<(keyStart + KeyID.byteCount + Sodium.secretKeyBytes)])
        let checksum = Array(bytes[(keyStart + KeyID.byteCount + Sodium.secretKeyBytes)...])
        if kdf.elementsEqual("Sc".utf8) {
            guard Self.checksum(keyID: keyID, key: key) == checksum else {
                throw BundleError(.wrongPassword, path: path, reason: "wrong password for this secret key", hint: "try the password again")
            }
        } else {
            // minisign checks the checksum of encrypted keys only: `minisign -G -W` leaves it zero. The public
            // half made again from the seed is what tells a damaged unencrypted key, and no valid key fails it.
            var seed = Array(key[..<32])
            defer { Sodium.wipe(&seed) }
            guard Sodium.publicKey(seed: seed) == Array(key[32...]) else {
                throw BundleError(
                    .malformedKey, path: path, reason: "the unencrypted secret key's two halves do not match (the file is damaged)",
                    hint: "use another copy of the key")
            }
        }
        self.init(keyID: keyID, key: key)
    }

    /// The key in the secret key file at `path` (see `init(fileContents:path:password:)`).
    public static func read(path: String, password: () -> [UInt8]?) throws(BundleError) -> SecretKey {
        var contents = try BundleFile.read(path, limit: 4096)
        defer { Sodium.wipe(&contents) }
        return try SecretKey(fileContents: contents, path: path, password: password)
    }

    /// The secret key file: encrypted with `password` through scrypt at `limits`, or unencrypted when nil.
    public func fileContents(password: [UInt8]?, limits: KeyDerivationLimits = .sensitive) -> String {
        var body: [UInt8] = Array("Ed".utf8)
        body += password == nil ? [0, 0] : Array("Sc".utf8)
        body += Array("B2".utf8)
        let salt = password == nil ? [UInt8](repeating: 0, count: Sodium.saltBytes) : Sodium.random(Sodium.saltBytes)
        body += salt
        body += password == nil ? [UInt8](repeating: 0, count: 16) : Self.littleEndian(limits.opsLimit) + Self.littleEndian(limits.memLimit)
        var secret = keyID.bytes + key + Self.checksum(keyID: keyID, key: key)
        defer { Sodium.wipe(&secret) }
        if let password {
            guard
                var stream = Sodium.scrypt(
                    password: password, salt: salt, opsLimit: limits.opsLimit, memLimit: limits.memLimit, length: secret.count)
            else { preconditionFailure("libsodium refused scrypt limits \(limits)") }
            defer { Sodium.wipe(&stream) }
            for index in 0..<secret.count { secret[index] ^= stream[index] }
        }
        body += secret
        defer { Sodium.wipe(&body) }
        let comment = password == nil ? "minisign secret key \(keyID) (unencrypted)" : "minisign encrypted secret key \(keyID)"
        return "\(MinisignText.untrustedPrefix)\(comment)\n\(Sodium.base64(body))\n"
    }

    /// Signs `message` as `minisign -S` does (`ED`: its BLAKE2b-512), with `trustedComment` signed along.
    public func sign(_ message: [UInt8], trustedComment: String, untrustedComment: String = "signature from tabhost secret key")
        throws(BundleError) -> Signature
    {
        if let problem = MinisignText.commentProblem(
            trustedComment, prefix: MinisignText.trustedPrefix, limit: MinisignText.maximumTrustedLineBytes)
        {
            throw BundleError(.badComment, path: "trusted comment", reason: problem, hint: "give a shorter comment on one line")
        }
        if let problem = MinisignText.commentProblem(
            untrustedComment, prefix: MinisignText.untrustedPrefix, limit: MinisignText.maximumUntrustedLineBytes)
        {
            throw BundleError(.badComment, path: "untrusted comment", reason: problem, hint: "give a shorter comment on one line")
        }
        let signature = Sodium.sign(SignatureAlgorithm.prehashed.signedBytes(message), secretKey: key)
        let global = Sodium.sign(signature + Array(trustedComment.utf8), secretKey: key)
        return Signature(
            algorithm: .prehashed, keyID: keyID, signature: signature, untrustedComment: untrustedComment,
            trustedComment: trustedComment, globalSignature: global)
    }

    private static func decodedBody(_ contents: [UInt8]) -> [UInt8]? {
        guard let lines = MinisignText.lines(contents), lines.count == 2, lines[0].hasPrefix(MinisignText.untrustedPrefix) else {
            return nil
        }
        return Sodium.decodeBase64(lines[1])
    }

    private static func checksum(keyID: KeyID, key: [UInt8]) -> [UInt8] {
        Sodium.blake2b([Array("Ed".utf8), keyID.bytes, key], length: 32)
    }

    private static func loadLittleEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
