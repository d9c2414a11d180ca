import TabModuleBundle
import TabModuleBundleArchive

#if canImport(Glibc)
import Glibc
#endif

extension FuzzTarget {
    /// A `.tabmod` file's bytes through everything an install checks before the descriptor: the archive reader
    /// (libarchive, tar with gzip or zstd, every refusal), the signature of the manifest with the key its trusted
    /// comment names (the first-install path), then the files' sizes and hashes; staged under a fresh private
    /// directory, which must be empty again after a refusal.
    static let bundleArchive = FuzzTarget(
        "bundle-archive", "bundle archive reader and verifier (BundleArchiveReader, BundleVerifier) on a .tabmod's bytes"
    ) { bytes in
        var template = Array("/tmp/tabhost-fuzz-bundle-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return }
        let directory = String(cString: made)
        defer {
            rmdir(directory + "/staging")
            unlink(directory + "/in.tabmod")
            rmdir(directory)
        }
        let input = directory + "/in.tabmod"
        let fd = open(input, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard mkdir(directory + "/staging", 0o700) == 0 else { return }
        // Small limits, so an input that expands is refused in milliseconds rather than written out.
        let limits = BundleLimits(
            maximumEntries: 64, maximumFileBytes: 1 << 20, maximumTotalBytes: 4 << 20, maximumCompressionRatio: 100, ratioFreeBytes: 1 << 16
        )
        let verifier = BundleVerifier(path: input, limits: limits, allowUnsigned: bytes.count % 2 == 1)
        if let verified = try? verifier.verify(
            stagingIn: directory + "/staging",
            key: { (_: BundleManifest, signature: Signature) throws(BundleError) -> PublicKey in
                guard let key = BundleTrustedComment(signature.trustedComment).publicKey else {
                    throw BundleError(.keyMismatch, path: input, reason: "no publickey in the trusted comment", hint: "-")
                }
                return key
            })
        {
            verified.staged.remove()
        }
        precondition(rmdir(directory + "/staging") == 0, "the staging directory was left with something in it")
    }
}
