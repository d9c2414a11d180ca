import _CSodium

/// SHA-256 over bytes fed in pieces (`crypto_hash_sha256`), so a large file is hashed as it is read.
public struct SHA256Hasher {
    private var state = crypto_hash_sha256_state()

    /// A hasher that has seen nothing yet.
    public init() {
        Sodium.ready()
        _ = crypto_hash_sha256_init(&state)
    }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The 32-byte digest of everything fed.
    public mutating func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256_final(&state, &digest)
        return digest
    }

    /// The lower-case hexadecimal digest of `bytes`, as the manifest writes it.
    public static func hex(_ bytes: [UInt8]) -> String {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return Hex.encode(hasher.finish())
    }
}
