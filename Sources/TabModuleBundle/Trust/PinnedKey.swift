/// A module name pinned to its publisher's key on its first install, as SSH's `known_hosts` pins a host.
public struct PinnedKey: Sendable, Hashable {
    /// The module name.
    public var name: String
    /// The key every later bundle of that name must be signed with.
    public var key: PublicKey

    /// A pin of `name` to `key`.
    public init(name: String, key: PublicKey) {
        self.name = name
        self.key = key
    }
}
