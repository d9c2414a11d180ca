extension InstallOutcome {
    /// How the signing key was accepted.
    public enum KeyAcceptance: Sendable, Hashable {
        /// The name was already pinned to it.
        case pinned
        /// The user trusts it for any module (`tabhost trust add`): pinned now, nothing asked.
        case trusted
        /// A first install: asked (or `--yes`), then pinned.
        case firstUse
        /// An unsigned bundle accepted with `--allow-unsigned`.
        case unsigned
    }
}
