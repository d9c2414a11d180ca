/// The trusted comment TabHost signs a bundle's manifest with, in minisign's style of tab-separated
/// `key:value` fields: `timestamp:SECONDS`, `file:manifest.json` and `publickey:BASE64`, the signing key
/// itself, so a first install can show and pin the key the bundle came with (trust on first use).
///
/// Covered by the signature's global signature, so the fields are as trustworthy as the manifest. A bundle
/// signed with the `minisign` command gets the same by `-t "publickey:$(tail -n 1 KEY.pub)"`.
public struct BundleTrustedComment: Sendable, Hashable {
    /// The fields in order, as `(key, value)`.
    public let fields: [(key: String, value: String)]

    /// The fields of `comment`; a part without `:` is kept with an empty key.
    public init(_ comment: String) {
        fields = comment.split(separator: "\t", omittingEmptySubsequences: true).map { part in
            guard let colon = part.firstIndex(of: ":") else { return (key: "", value: String(part)) }
            return (key: String(part[..<colon]), value: String(part[part.index(after: colon)...]))
        }
    }

    /// The comment TabHost writes for a manifest signed at `timestamp` by `publicKey`.
    public static func text(timestamp: Int, publicKey: PublicKey) -> String {
        "timestamp:\(timestamp)\tfile:\(BundlePath.manifest)\tpublickey:\(publicKey.base64)"
    }

    /// The value of the first field named `key`.
    public func value(_ key: String) -> String? { fields.first { $0.key == key }?.value }

    /// The key in `publickey:`, when it parses.
    public var publicKey: PublicKey? { value("publickey").flatMap { try? PublicKey(base64: $0) } }

    /// Equal fields, in order.
    public static func == (lhs: BundleTrustedComment, rhs: BundleTrustedComment) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the fields.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }
}
