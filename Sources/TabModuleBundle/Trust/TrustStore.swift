/// The keys bundles are verified with: module names pinned to their publisher's key on first install
/// (trust on first use), and keys trusted for any module. A value; `TrustStoreFile` reads and writes it.
///
/// Keys are compared whole (the 32-byte public key and its id), never by id alone: an id is 8 random bytes
/// chosen by whoever made the key, so two keys may share one.
public struct TrustStore: Sendable, Hashable {
    /// The pins, one per module name, in the order made.
    public private(set) var pins: [PinnedKey]
    /// The trusted keys, in the order added.
    public private(set) var trusted: [TrustedKey]

    /// A store of these pins and trusted keys.
    public init(pins: [PinnedKey] = [], trusted: [TrustedKey] = []) {
        self.pins = pins
        self.trusted = trusted
    }

    /// The key `name` is pinned to, if any.
    public func pinnedKey(for name: String) -> PublicKey? { pins.first { $0.name == name }?.key }

    /// Which key a bundle of `name` whose manifest `signature` names must be verified with. `offered` is the
    /// key the bundle carries (`BundleTrustedComment.publicKey`), nil when it carries none.
    public func decision(for name: String, signature: Signature, offered: PublicKey?) -> TrustDecision {
        if let pinned = pinnedKey(for: name) {
            return pinned.keyID == signature.keyID ? .pinned(pinned) : .keyChanged(pinned: pinned, signedBy: signature.keyID)
        }
        let matching = trusted.map(\.key).filter { $0.keyID == signature.keyID }
        if let offered, let key = matching.first(where: { $0 == offered }) { return .trusted(key) }
        if offered == nil, matching.count == 1 { return .trusted(matching[0]) }
        if let offered, offered.keyID == signature.keyID {
            let known = trusted.map(\.key) + pins.map(\.key)
            if let lookalike = known.first(where: { $0.keyID == offered.keyID && $0 != offered }) {
                return .impostor(offered: offered, known: lookalike)
            }
            return .firstUse(offered)
        }
        return .unknownKey(signature.keyID)
    }

    /// Pins `name` to `key`; an existing pin to another key is replaced only when `replacing` (a user's
    /// deliberate choice, never `--yes`). Returns whether the store changed.
    @discardableResult
    public mutating func pin(_ name: String, to key: PublicKey, replacing: Bool = false) -> Bool {
        if let index = pins.firstIndex(where: { $0.name == name }) {
            guard pins[index].key != key, replacing else { return false }
            pins[index].key = key
            return true
        }
        pins.append(PinnedKey(name: name, key: key))
        return true
    }

    /// Removes the pin of `name`; returns whether there was one.
    @discardableResult
    public mutating func unpin(_ name: String) -> Bool {
        let before = pins.count
        pins.removeAll { $0.name == name }
        return pins.count != before
    }

    /// Trusts `key` for any module (its comment replaced when it is already trusted).
    public mutating func trust(_ key: PublicKey, comment: String = "") {
        if let index = trusted.firstIndex(where: { $0.key == key }) {
            trusted[index].comment = comment
        } else {
            trusted.append(TrustedKey(key: key, comment: comment))
        }
    }

    /// Stops trusting every key with the id `keyID` (pins stay); returns how many were removed.
    @discardableResult
    public mutating func untrust(_ keyID: KeyID) -> Int {
        let before = trusted.count
        trusted.removeAll { $0.key.keyID == keyID }
        return before - trusted.count
    }
}
