import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// A bundle as installed in a modules directory (`NAME/` with `NAME.so`, `manifest.json` and, when it was
/// signed, `manifest.minisig`): what `tabhost list` shows of it and what install, rollback and remove name.
///
/// Only the manifest and its signature file are read (no archive, no module file), so `tabhost` itself
/// can read it. The signature is not verified again here: it was verified when the bundle was installed,
/// and the directory is the user's.
public struct InstalledBundle: Sendable, Hashable {
    /// The bundle's directory.
    public let directory: String
    /// Its manifest, as installed.
    public let manifest: BundleManifest
    /// The key id of `manifest.minisig`; nil for a bundle installed unsigned (`--allow-unsigned`).
    public let keyID: KeyID?
    /// The key its signature's trusted comment carries (`publickey:`), when it names the signature's key id.
    public let publisherKey: PublicKey?

    /// The module file discovery loads: `DIRECTORY/NAME.so`.
    public var moduleFile: String { directory + "/" + manifest.name + ".so" }

    /// The bundle in the directory `name` under the open directory `parent` (`path` is its path, for
    /// messages and `directory`). Nil when there is nothing at `name`; throws one line when what is there
    /// is not an installed bundle (a link, a file, a directory without a readable `manifest.json`).
    public static func read(_ name: String, in parent: Int32, path: String) throws(BundleError) -> InstalledBundle? {
        guard let type = FileTree.type(of: name, in: parent) else { return nil }
        let hint = "it is not a bundle tabhost installed, so it is left alone; move it away (rm -r \(path)) and try again"
        guard type == S_IFDIR else {
            let what = type == S_IFLNK ? "a symbolic link" : "not a directory"
            throw BundleError(.unsafeInstallDirectory, path: path, reason: what, hint: hint)
        }
        let fd = FileTree.openDirectory(name, in: parent)
        guard fd >= 0 else { throw BundleFile.failure("cannot open", path: path, code: errno) }
        defer { close(fd) }
        guard let bytes = FileTree.read(BundlePath.manifest, in: fd, limit: BundleManifest.maximumBytes) else {
            throw BundleError(.unsafeInstallDirectory, path: path, reason: "holds no readable manifest.json (or it is a link)", hint: hint)
        }
        let manifest = try BundleManifest.decode(bytes, path: path + "/" + BundlePath.manifest)
        var keyID: KeyID?
        var publisherKey: PublicKey?
        if let signatureBytes = FileTree.read(BundlePath.signature, in: fd, limit: 16384) {
            let signature = try Signature(fileContents: signatureBytes, path: path + "/" + BundlePath.signature)
            keyID = signature.keyID
            publisherKey = BundleTrustedComment(signature.trustedComment).publicKey.flatMap { $0.keyID == signature.keyID ? $0 : nil }
        }
        return InstalledBundle(directory: path, manifest: manifest, keyID: keyID, publisherKey: publisherKey)
    }

    /// The installed bundle `moduleFile` belongs to when it is `DIR/NAME/NAME.so` beside a `manifest.json`
    /// naming NAME; nil for a plain module file (or one whose manifest cannot be read).
    public static func containing(moduleFile: String) -> InstalledBundle? {
        guard let parts = ModuleFileReader.bundleParts(of: moduleFile) else { return nil }
        let parent = FileTree.openDirectory(parts.parent)
        guard parent >= 0 else { return nil }
        defer { close(parent) }
        guard let bundle = try? read(parts.name, in: parent, path: parts.directory), bundle.manifest.name == parts.name
        else { return nil }
        return bundle
    }
}
