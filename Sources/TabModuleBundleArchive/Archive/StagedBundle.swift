import TabModuleBundle

#if canImport(Glibc)
import Glibc
#endif

/// A bundle unpacked into a private staging directory by `BundleArchiveReader`, before its signature and
/// files are checked: what the archive held, and the size and SHA-256 of each file as it was written.
///
/// The directory (0700) holds `manifest.json`, `manifest.minisig` when there is one, and every listed file
/// (0600, directories 0700). Nothing outside it was written. `remove()` deletes it; `BundleVerifier`
/// removes it itself when a check fails.
public struct StagedBundle: Sendable {
    /// The bundle file it came from (for messages).
    public let bundlePath: String
    /// The staging directory.
    public let directory: String
    /// The manifest, as read (checked field by field, not yet against its signature).
    public let manifest: BundleManifest
    /// The manifest's bytes, exactly as signed.
    public let manifestBytes: [UInt8]
    /// The signature of the manifest; nil when the bundle has none.
    public let signature: Signature?
    /// How the archive was compressed.
    public let compression: BundleCompression
    /// Each listed file's size and lower-case SHA-256 as written, by path.
    let written: [String: (size: UInt64, sha256: String)]

    /// Deletes the staging directory and everything in it.
    public func remove() { FileTree.remove(directory) }
}
