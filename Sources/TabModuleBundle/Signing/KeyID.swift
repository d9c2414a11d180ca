/// A minisign key id: 8 random bytes made with the key, stored in the key files and in every signature,
/// so a signature names the key it needs.
public struct KeyID: Sendable, Hashable, CustomStringConvertible {
    /// The 8 bytes as stored (minisign reads them as a little-endian 64-bit number).
    public let bytes: [UInt8]

    /// The id of `bytes`, which must be 8 bytes.
    init(_ bytes: [UInt8]) {
        precondition(bytes.count == Self.byteCount, "a key id has \(Self.byteCount) bytes")
        self.bytes = bytes
    }

    /// The size of a key id.
    static let byteCount = 8

    /// As minisign shows it (`%PRIX64`): the little-endian number in upper-case hexadecimal without leading
    /// zeros, so usually 16 digits (`DA5D3629BC09F745`) and fewer for one id in sixteen (`1383A882DA0A4EE`).
    /// The same text as in minisign's `.pub` comment and its messages, so a user can compare them.
    public var description: String {
        let value = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return String(value, radix: 16, uppercase: true)
    }
}
