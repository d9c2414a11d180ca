/// What the trust store says about a bundle's signature before it is verified: which key to verify it with,
/// or why the installer must ask the user or refuse.
public enum TrustDecision: Sendable, Hashable {
    /// The module's name is pinned to this key, and the signature names it: verify with it.
    case pinned(PublicKey)
    /// The key is trusted for any module (`tabhost trust`) and the name is not pinned to another: verify with
    /// it, pin it, and ask nothing.
    case trusted(PublicKey)
    /// A first install of this name by a key the store does not know: show the key's id and the permissions,
    /// ask (or `--yes`), then verify with it and pin it.
    case firstUse(PublicKey)
    /// The name is pinned to `pinned`, but the bundle is signed by the key `signedBy`: refuse (`--yes` never
    /// accepts this); the user may accept a new key deliberately.
    case keyChanged(pinned: PublicKey, signedBy: KeyID)
    /// A first install signed by the key `offered`, whose id is that of `known`, a key the store trusts or
    /// pins another module to, but which is not that key: refuse. An id is 8 bytes whoever makes a key
    /// chooses, and a user who checks the question's key id would take it for the key they know.
    case impostor(offered: PublicKey, known: PublicKey)
    /// A first install whose signature names a key the bundle does not carry (no `publickey:` in its trusted
    /// comment, or another key there): nothing to show or pin, so refuse unless the user trusts the key first.
    case unknownKey(KeyID)
}
