/// The cost of scrypt (`crypto_pwhash_scryptsalsa208sha256`) that turns a password into the stream a
/// secret key is encrypted with. Stored in the key file, so any cost is read back, by minisign too.
public struct KeyDerivationLimits: Sendable, Hashable {
    /// scrypt's operations limit.
    public var opsLimit: UInt64
    /// scrypt's memory limit in bytes.
    public var memLimit: UInt64

    /// Explicit limits.
    public init(opsLimit: UInt64, memLimit: UInt64) {
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// What `minisign -G` uses, and `tabhost keygen` too: libsodium's "sensitive" limits (1 GiB of memory,
    /// seconds of work), so a stolen key file resists guessing.
    public static let sensitive = KeyDerivationLimits(opsLimit: 33_554_432, memLimit: 1_073_741_824)

    /// libsodium's "interactive" limits (16 MiB): for tests and throwaway keys only.
    public static let interactive = KeyDerivationLimits(opsLimit: 524_288, memLimit: 16_777_216)
}
