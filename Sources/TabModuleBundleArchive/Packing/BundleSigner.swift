import TabModuleBundle

/// Makes a signed bundle from a manifest's fields and the files' bytes: lists each file with its size and
/// SHA-256, signs the manifest (`ED`, with `BundleTrustedComment`) and writes the archive. The core of
/// `tabhost pack`, which adds reading the project and checking the descriptor.
public enum BundleSigner {
    /// Writes the bundle to `output`: `manifest` with its `files` replaced by `files` (path, bytes, arch), signed by
    /// `key` at `timestamp` (seconds since 1970), compressed with `compression`. Returns the manifest as written.
    @discardableResult
    public static func pack(
        manifest: BundleManifest, files: [(path: String, bytes: [UInt8], arch: String?)], key: SecretKey, timestamp: Int,
        output: String, compression: BundleCompression = .gzip
    ) throws(BundleError) -> BundleManifest {
        var manifest = manifest
        manifest.files = files.map { BundleFileEntry(path: $0.path, bytes: $0.bytes, arch: $0.arch) }
        if let problem = manifest.checkProblem() {
            throw BundleError(
                .invalidManifestField, path: output, reason: "manifest.json: \(problem)", hint: "fix tabmod.json and pack again")
        }
        for file in manifest.files {
            if let problem = BundlePath.problem(file.path) {
                throw BundleError(.invalidManifestField, path: output, reason: "file \"\(file.path)\": \(problem)", hint: "rename the file")
            }
        }
        let bytes = manifest.encoded()
        let signature = try key.sign(bytes, trustedComment: BundleTrustedComment.text(timestamp: timestamp, publicKey: key.publicKey))
        try BundleArchiveWriter.write(
            [(BundlePath.manifest, bytes), (BundlePath.signature, Array(signature.fileContents.utf8))] + files.map { ($0.path, $0.bytes) },
            to: output, compression: compression)
        return manifest
    }
}
