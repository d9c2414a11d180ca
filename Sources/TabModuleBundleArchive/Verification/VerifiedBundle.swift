import TabModuleBundle

/// A bundle whose archive, signature and files passed `BundleVerifier`, still in its staging directory.
public struct VerifiedBundle: Sendable {
    /// The unpacked bundle.
    public let staged: StagedBundle
    /// The key its signature verified with; nil for an unsigned bundle accepted with `allowUnsigned`.
    public let signer: PublicKey?
}
