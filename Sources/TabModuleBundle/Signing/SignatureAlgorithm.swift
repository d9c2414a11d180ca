/// What a minisign signature signs: the file itself (legacy `Ed`) or its BLAKE2b-512 hash (`ED`, minisign's
/// default since 0.10 and what TabHost writes).
public enum SignatureAlgorithm: Sendable, Hashable {
    /// `Ed`: Ed25519 over the file's bytes.
    case legacy
    /// `ED`: Ed25519 over the BLAKE2b-512 of the file's bytes.
    case prehashed

    /// The two bytes stored in the signature.
    var tag: [UInt8] {
        switch self {
        case .legacy: Array("Ed".utf8)
        case .prehashed: Array("ED".utf8)
        }
    }

    /// The algorithm stored as `tag`, or nil for another one.
    init?(tag: ArraySlice<UInt8>) {
        if tag.elementsEqual("Ed".utf8) {
            self = .legacy
        } else if tag.elementsEqual("ED".utf8) {
            self = .prehashed
        } else {
            return nil
        }
    }

    /// The bytes the Ed25519 signature covers for `message`.
    func signedBytes(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .legacy: message
        case .prehashed: Sodium.blake2b([message], length: 64)
        }
    }
}
