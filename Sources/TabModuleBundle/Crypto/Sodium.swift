import _CSodium

/// libsodium behind small, checked calls: the primitives minisign uses (Ed25519, BLAKE2b, scrypt),
/// SHA-256 for the manifest's hashes, randomness and base64.
///
/// `sodium_init` runs once, before the first call (libsodium makes it safe to call from several threads).
enum Sodium {
    /// Ed25519 public key bytes.
    static let publicKeyBytes = Int(crypto_sign_PUBLICKEYBYTES)
    /// Ed25519 secret key bytes (seed and public key).
    static let secretKeyBytes = Int(crypto_sign_SECRETKEYBYTES)
    /// Ed25519 signature bytes.
    static let signatureBytes = Int(crypto_sign_BYTES)
    /// scrypt salt bytes.
    static let saltBytes = Int(crypto_pwhash_scryptsalsa208sha256_SALTBYTES)

    private static let initialized: Bool = sodium_init() >= 0

    /// Makes sure libsodium is initialised; it fails only without a random source, which nothing here can do without.
    static func ready() {
        precondition(initialized, "libsodium could not be initialised (no random source)")
    }

    /// `count` random bytes.
    static func random(_ count: Int) -> [UInt8] {
        ready()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// A new Ed25519 key pair: (public key, secret key).
    static func keyPair() -> (publicKey: [UInt8], secretKey: [UInt8]) {
        ready()
        var publicKey = [UInt8](repeating: 0, count: publicKeyBytes)
        var secretKey = [UInt8](repeating: 0, count: secretKeyBytes)
        _ = crypto_sign_keypair(&publicKey, &secretKey)
        return (publicKey, secretKey)
    }

    /// The Ed25519 public key of the 32-byte `seed` (the first half of a secret key).
    static func publicKey(seed: [UInt8]) -> [UInt8] {
        ready()
        precondition(seed.count == Int(crypto_sign_SEEDBYTES), "an Ed25519 seed is \(crypto_sign_SEEDBYTES) bytes")
        var publicKey = [UInt8](repeating: 0, count: publicKeyBytes)
        var secretKey = [UInt8](repeating: 0, count: secretKeyBytes)
        defer { wipe(&secretKey) }
        _ = crypto_sign_seed_keypair(&publicKey, &secretKey, seed)
        return publicKey
    }

    /// The detached Ed25519 signature of `message` with `secretKey`.
    static func sign(_ message: [UInt8], secretKey: [UInt8]) -> [UInt8] {
        ready()
        var signature = [UInt8](repeating: 0, count: signatureBytes)
        _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
        return signature
    }

    /// Whether `signature` is `publicKey`'s Ed25519 signature of `message`.
    static func verify(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        ready()
        guard signature.count == signatureBytes, publicKey.count == publicKeyBytes else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    /// Unkeyed BLAKE2b of `parts` (hashed one after the other) with an output of `length` bytes.
    static func blake2b(_ parts: [[UInt8]], length: Int) -> [UInt8] {
        ready()
        // The state is a 64-byte-aligned struct Swift cannot import: libsodium gives its size, the memory is aligned here.
        let state = UnsafeMutableRawPointer.allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
        defer { state.deallocate() }
        let opaque = OpaquePointer(state)
        var digest = [UInt8](repeating: 0, count: length)
        _ = crypto_generichash_init(opaque, nil, 0, length)
        for part in parts { _ = crypto_generichash_update(opaque, part, UInt64(part.count)) }
        _ = crypto_generichash_final(opaque, &digest, length)
        return digest
    }

    /// The SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finish()
    }

    /// scrypt (`crypto_pwhash_scryptsalsa208sha256`) of `password` and `salt`: `length` bytes, or nil when
    /// libsodium refuses the limits (out of memory, or limits outside its range).
    static func scrypt(password: [UInt8], salt: [UInt8], opsLimit: UInt64, memLimit: UInt64, length: Int) -> [UInt8]? {
        ready()
        guard opsLimit <= UInt64(Int.max), memLimit <= UInt64(Int.max) else { return nil }
        var stream = [UInt8](repeating: 0, count: length)
        // An empty array may have no storage; libsodium reads no byte of a password of length 0.
        let storage = password.isEmpty ? [0] : password
        let passwordLength = UInt64(password.count)
        let status = storage.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                crypto_pwhash_scryptsalsa208sha256(
                    &stream, UInt64(length), characters.baseAddress!, passwordLength, salt, opsLimit, Int(memLimit))
            }
        }
        return status == 0 ? stream : nil
    }

    /// Standard base64 (with padding) of `bytes`, as minisign writes it.
    static func base64(_ bytes: [UInt8]) -> String {
        ready()
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        let capacity = (bytes.count + 2) / 3 * 4 + 1
        var text = [CChar](repeating: 0, count: capacity)
        _ = sodium_bin2base64(&text, capacity, bytes, bytes.count, variant)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of standard base64 `text`, or nil when it is not base64 (minisign's strict decoder: no
    /// spaces, padding required).
    static func decodeBase64(_ text: String) -> [UInt8]? {
        ready()
        let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
        let characters = Array(text.utf8)
        var bytes = [UInt8](repeating: 0, count: characters.count / 4 * 3 + 3)
        var length = 0
        let status = characters.withUnsafeBufferPointer { characters in
            characters.withMemoryRebound(to: CChar.self) { characters in
                sodium_base642bin(&bytes, bytes.count, characters.baseAddress, characters.count, nil, &length, nil, variant)
            }
        }
        return status == 0 ? Array(bytes.prefix(length)) : nil
    }

    /// Overwrites `bytes` with zeros in a way the compiler does not remove.
    static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, count) }
    }
}
