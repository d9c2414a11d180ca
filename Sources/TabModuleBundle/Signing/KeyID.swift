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

    /// As minisign shows it: the little-endian number in 16 upper-case hexadecimal digits (`DA5D3629BC09F745`).
    public var description: String {
        let value = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
