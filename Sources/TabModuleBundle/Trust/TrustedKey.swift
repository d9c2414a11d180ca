/// A publisher key the user trusts for any module (`tabhost trust add`): installing a bundle it signed asks nothing.
public struct TrustedKey: Sendable, Hashable {
    /// The key.
    public var key: PublicKey
    /// What the user noted about it (who it belongs to), or empty.
    public var comment: String

    /// A trusted key.
    public init(key: PublicKey, comment: String = "") {
        self.key = key
        self.comment = comment
    }
}
