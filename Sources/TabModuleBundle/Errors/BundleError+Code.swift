extension BundleError {
    /// An opaque error code. Compare with the static members; new codes may be added at any time.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, lower-camel-case identifier.
        public let name: String

        private init(_ name: String) { self.name = name }

        /// The identifier, e.g. `badSignature`.
        public var description: String { name }

        // Files.
        /// A file could not be opened, read or written (the errno is in the reason).
        public static let io = Code("io")

        // Keys and signatures.
        /// A key or signature file is not in minisign's format (comment lines, base64, length, algorithm).
        public static let malformedKey = Code("malformedKey")
        /// A signature file is not in minisign's format.
        public static let malformedSignature = Code("malformedSignature")
        /// The password does not decrypt the secret key (its checksum does not match).
        public static let wrongPassword = Code("wrongPassword")
        /// An encrypted secret key was given no password.
        public static let passwordRequired = Code("passwordRequired")
        /// The signature was made by another key than the one it is checked with.
        public static let keyMismatch = Code("keyMismatch")
        /// The signature does not match the signed file (it changed, or the signature is not for it).
        public static let badSignature = Code("badSignature")
        /// The trusted comment does not match its signature (it was changed).
        public static let badTrustedComment = Code("badTrustedComment")
        /// A comment for a signature contains a line break, or is too long.
        public static let badComment = Code("badComment")

        // The trust store.
        /// The trust store file is not the user's own, or others can write it.
        public static let untrustedStore = Code("untrustedStore")
        /// The trust store file is not valid (JSON, version, names, keys).
        public static let malformedStore = Code("malformedStore")

        // The manifest.
        /// `manifest.json` is not valid JSON, or a field is missing, unknown or of the wrong type.
        public static let malformedManifest = Code("malformedManifest")
        /// A field of the manifest has a value it may not have (name, version, URL, path, size, hash).
        public static let invalidManifestField = Code("invalidManifestField")

        // The archive.
        /// The file is not a tar archive compressed with gzip or zstd, or it ends early.
        public static let malformedArchive = Code("malformedArchive")
        /// An entry's path is absolute, empty or leaves the bundle (`..`).
        public static let unsafePath = Code("unsafePath")
        /// An entry is a link, a device, a FIFO or a socket, or has the setuid or setgid bit.
        public static let unsafeEntry = Code("unsafeEntry")
        /// An entry the manifest does not list, or one that comes twice.
        public static let unlistedEntry = Code("unlistedEntry")
        /// A file the manifest lists is not in the archive.
        public static let missingEntry = Code("missingEntry")
        /// The archive has too many entries, a file or all files are too large, or it expands too much.
        public static let limitExceeded = Code("limitExceeded")
        /// A file's size or SHA-256 differs from what the manifest says.
        public static let fileMismatch = Code("fileMismatch")
        /// The manifest and a `.so`'s descriptor disagree (name, version, ABI or permissions).
        public static let descriptorMismatch = Code("descriptorMismatch")
        /// The bundle has no `manifest.minisig` (allowed only when the caller accepts unsigned bundles).
        public static let unsigned = Code("unsigned")

        // Installing.
        /// The bundle is signed by a key the trust store does not accept for its name (another key is pinned,
        /// or the key is unknown and not carried by the bundle).
        public static let untrustedKey = Code("untrustedKey")
        /// The bundle holds no `.so` for this machine's architecture.
        public static let wrongArchitecture = Code("wrongArchitecture")
        /// The user did not agree to the install (answered no, or no terminal to ask on and no `--yes`).
        public static let notConfirmed = Code("notConfirmed")
        /// Something in the modules directory is not what an install left there (a symbolic link, a file, a
        /// directory without `manifest.json`), so it is not touched.
        public static let unsafeInstallDirectory = Code("unsafeInstallDirectory")
        /// No bundle of that name is installed (or nothing to roll back to).
        public static let notInstalled = Code("notInstalled")
        /// The bundle could not be downloaded.
        public static let download = Code("download")

        // Updating.
        /// A feed that does not speak for the module: another name, a signed comment that disagrees with
        /// it, or a bundle URL that is not `https:`.
        public static let feedMismatch = Code("feedMismatch")
        /// A feed past its expiry: replayed to keep a module from its updates (a freeze), or not renewed.
        public static let expiredFeed = Code("expiredFeed")
        /// A feed or bundle older than the installed version (a rollback attack, or a mistake).
        public static let olderVersion = Code("olderVersion")
    }
}
