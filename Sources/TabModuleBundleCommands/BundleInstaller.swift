import TabModuleBundle
import TabModuleBundleArchive
import TabModuleDownload
import TabModuleLoading
import TabModuleRuntime

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost install` (and `tabhost update`'s last step): checks a bundle in a private staging directory in
/// the issue's order, asks on a first install, and places it in the modules directory atomically.
///
/// The checks, before anything is written outside `.staging-XXXXXX` in the modules directory: the archive
/// (`BundleArchiveReader`), the signature against the key the trust store accepts for the bundle's name
/// (`TrustStore.decision`), every file's size and SHA-256, this machine's `.so` chosen, then the manifest
/// against the descriptor the scanner child reads (this process never opens the module). Then the question
/// (a first install or an unsigned bundle), then under `.lock`: the pin, and one rename or exchange.
/// Whatever fails, the staging directory is removed and the installed version is as it was.
public struct BundleInstaller: Sendable {
    /// How it installs.
    public var options: BundleInstallOptions

    /// An installer with `options`.
    public init(options: BundleInstallOptions) { self.options = options }

    /// This machine's architecture as manifests name it (`x86_64-linux-gnu`, `aarch64-linux-gnu`).
    public static let machineArchitecture = ProjectPacker.architecture()

    /// Downloads `url` (https only) into a staging directory and installs it.
    public func install(url: String) throws -> InstallOutcome {
        if let refusal = HTTPSDownloader.refusal(for: url) {
            throw BundleError(.download, path: url, reason: refusal, hint: "use an https:// URL, or download the file and give its path")
        }
        // A signed feed's size is the publisher's word: never more than any bundle may hold.
        let most = BundleLimits.standard.maximumTotalBytes
        if let announced = options.expectedFile?.size, announced > most {
            throw BundleError(
                .download, path: url, reason: "its feed announces \(announced) bytes, more than the \(most) a bundle may hold",
                hint: "nothing was downloaded; tell the module's publisher")
        }
        let modules = try InstalledBundles(path: options.modulesDirectory, create: true)
        modules.sweepAbandoned()
        let staging = try modules.makeStaging()
        let file = staging.path + "/bundle.tabmod"
        do throws(DownloadError) {
            let progress = options.progress
            let limit = options.expectedFile?.size ?? most
            _ = try options.downloader.download(url, to: file, maximumBytes: limit) { done, total in
                progress?.update("downloading", done: done, total: total)
            }
        } catch {
            options.progress?.finish()
            throw BundleError(.download, path: url, reason: error.reason, hint: error.hint)
        }
        return try install(modules: modules, staging: staging, bundle: file, shownAs: url)
    }

    /// Installs the bundle file at `path` (a local file, or one `update` downloaded and checked against
    /// its feed). `shownAs` names it in messages (its URL) when given.
    public func install(bundleAt path: String, shownAs: String? = nil) throws -> InstallOutcome {
        let modules = try InstalledBundles(path: options.modulesDirectory, create: true)
        modules.sweepAbandoned()
        let staging = try modules.makeStaging()
        return try install(modules: modules, staging: staging, bundle: path, shownAs: shownAs ?? path)
    }

    private func install(modules: InstalledBundles, staging: InstallStaging, bundle: String, shownAs shown: String) throws -> InstallOutcome
    {
        defer { options.progress?.finish() }
        if let expected = options.expectedFile { try checkFile(bundle, expected: expected, shown: shown) }
        let store = try TrustStoreFile.read(options.trustStorePath)
        var acceptance = InstallOutcome.KeyAcceptance.unsigned
        options.progress?.check("checking the archive and signature", 0, of: 3)
        let verified: VerifiedBundle
        do throws(BundleError) {
            verified = try BundleVerifier(path: bundle, allowUnsigned: options.allowUnsigned).verify(stagingIn: staging.path) {
                manifest, signature throws(BundleError) in
                let (key, how) = try acceptedKey(manifest: manifest, signature: signature, store: store, shown: shown)
                acceptance = how
                return key
            }
        } catch {
            throw error.path == bundle ? BundleError(error.code, path: shown, reason: error.reason, hint: error.hint) : error
        }
        let manifest = verified.staged.manifest
        if let name = options.expectedName, name != manifest.name {
            throw BundleError(
                .invalidManifestField, path: shown, reason: "the bundle is \(manifest.name), not \(name) as expected",
                hint: "the feed points at another module's bundle; tell its publisher")
        }
        if let version = options.expectedVersion, version != manifest.version {
            throw BundleError(
                .invalidManifestField, path: shown, reason: "the bundle is version \(manifest.version), not \(version) as its feed says",
                hint: "the feed and the bundle disagree; tell its publisher")
        }
        if verified.signer == nil {
            // Unsigned: accepted only with --allow-unsigned (the verifier checked), and never for a pinned name.
            if let pinned = options.expectedKey ?? store.pinnedKey(for: manifest.name) {
                throw keyChanged(manifest.name, pinned: pinned, signedBy: "no key (it is unsigned)", shown: shown)
            }
        }
        options.progress?.check("reading the module's descriptor", 2, of: 3)
        let moduleFile = try arrange(verified.staged, shown: shown)
        let info: ModuleInfo
        do throws(ModuleError) {
            info = try ExclusiveScanner.descriptor(of: moduleFile, sandbox: options.sandbox)
        } catch {
            throw BundleError(.descriptorMismatch, path: shown, reason: "its module: \(error.reason)", hint: error.hint)
        }
        try manifest.checkAgrees(with: info, file: chosenFile(manifest)?.path ?? moduleFile, bundle: shown)
        let directory = try openStaged(verified.staged.directory)
        defer { close(directory) }
        try FileTree.setInstalledModes(directory, executable: manifest.name + ".so")
        options.progress?.finish()

        if acceptance == .firstUse || acceptance == .unsigned {
            // A first pin drops what was granted before; an unsigned install keeps it, and says so.
            let kept = acceptance == .unsigned ? keptPermissions(manifest.name) : []
            let question = InstallQuestion(manifest: manifest, key: verified.signer, keptPermissions: kept)
            if !options.assumeYes {
                guard let confirm = options.confirm else {
                    throw BundleError(
                        .notConfirmed, path: shown,
                        reason: "a first install of \(manifest.name) needs your yes, and there is no terminal to ask on",
                        hint: "check the publisher key \(verified.signer.map { "\($0.keyID)" } ?? "(none: unsigned)") and pass --yes")
                }
                guard confirm(question) else {
                    throw BundleError(.notConfirmed, path: shown, reason: "not installed (you answered no)", hint: "nothing was changed")
                }
            }
        }
        return try modules.withLock { () throws -> InstallOutcome in
            modules.sweepAbandoned(holdingLock: true)
            // What is at NAME is checked before the pin is written: a refusal there changes nothing.
            let occupant = try modules.occupant(named: manifest.name)
            if options.requireNewer, let installed = occupant.bundle, manifest.version <= installed.manifest.version {
                throw BundleError(
                    .invalidManifestField, path: shown,
                    reason: "version \(manifest.version) is not newer than the installed \(installed.manifest.version)",
                    hint: "an update never goes back; tabhost rollback \(manifest.name) returns to the previous version deliberately")
            }
            if !options.allowOlder, let installed = occupant.bundle, manifest.version < installed.manifest.version {
                throw BundleError(
                    .invalidManifestField, path: shown,
                    reason: "version \(manifest.version) is older than the installed \(installed.manifest.version)",
                    hint: "nothing was changed; tabhost rollback \(manifest.name) returns to the previous version, "
                        + "and --allow-older installs this one anyway")
            }
            try pin(manifest.name, key: verified.signer, acceptance: acceptance, shown: shown)
            let replaced = try modules.place(verified.staged.directory, as: manifest.name)
            let dataNote = claimData(manifest.name, in: modules.path, firstInstall: occupant.bundle == nil)
            guard let installed = try modules.bundle(named: manifest.name) else {
                throw BundleError(.io, path: shown, reason: "the bundle vanished as it was installed", hint: "install it again")
            }
            return InstallOutcome(
                installed: installed, replaced: replaced, key: verified.signer, acceptance: acceptance, dataNote: dataNote)
        }
    }

    /// Claims `name`'s data directory for the bundle just placed. On the name's first install (no bundle of
    /// it here before, and no claim), what is already in the directory was written by modules run from
    /// elsewhere under the name, one of which may have planted it for the bundle to trust: it is moved aside.
    /// Returns the line that says where, or why it could not be.
    private func claimData(_ name: String, in modulesPath: String, firstInstall: Bool) -> String? {
        guard let data = options.dataDirectory,
            data.claim(forModule: name, bundleDirectory: modulesPath + "/" + name), firstInstall
        else { return nil }
        do throws(ModuleDataDirectoryError) {
            guard let moved = try data.setAsideUnclaimed(forModule: name) else { return nil }
            return "data_dir: \(data.path(forModule: name)) held files no bundle of \(name) wrote (a module run from elsewhere "
                + "under that name); they were moved to \(moved), and \(name) starts with an empty directory: move them back "
                + "if they are this module's"
        } catch {
            return error.description
        }
    }

    /// Checks the bundle file's size and SHA-256 against what its feed announced.
    private func checkFile(_ path: String, expected: (size: UInt64, sha256: String), shown: String) throws(BundleError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BundleFile.failure("cannot open", path: shown, code: errno) }
        defer { close(fd) }
        var hasher = SHA256Hasher()
        var size: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw BundleFile.failure("cannot read", path: shown, code: errno) }
            if count == 0 { break }
            size += UInt64(count)
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        let hint = "the bundle is not the one its feed announced; do not install it, and tell its publisher"
        guard size == expected.size else {
            throw BundleError(.fileMismatch, path: shown, reason: "\(size) bytes, but the feed says \(expected.size)", hint: hint)
        }
        guard Hex.encode(hasher.finish()) == expected.sha256 else {
            throw BundleError(.fileMismatch, path: shown, reason: "its SHA-256 differs from the feed's", hint: hint)
        }
    }

    /// The key the trust store accepts for `manifest`'s name and this signature, and how; throws the
    /// refusal (a key change, an unknown key) as one line.
    private func acceptedKey(
        manifest: BundleManifest, signature: Signature, store: TrustStore, shown: String
    ) throws(BundleError) -> (PublicKey, InstallOutcome.KeyAcceptance) {
        if let expected = options.expectedKey {
            guard expected.keyID == signature.keyID else {
                throw keyChanged(manifest.name, pinned: expected, signedBy: "key \(signature.keyID)", shown: shown)
            }
            return (expected, .pinned)
        }
        let offered = BundleTrustedComment(signature.trustedComment).publicKey
        switch store.decision(for: manifest.name, signature: signature, offered: offered) {
        case .pinned(let key): return (key, .pinned)
        case .trusted(let key): return (key, .trusted)
        case .firstUse(let key): return (key, .firstUse)
        case .keyChanged(let pinned, let signedBy):
            throw keyChanged(manifest.name, pinned: pinned, signedBy: "key \(signedBy)", shown: shown)
        case .impostor(let offered, let known):
            let whose =
                store.trusted.contains { $0.key == known }
                ? "a key you trust" : "the key \(store.pins.first { $0.key == known }?.name ?? "another module") is pinned to"
            throw BundleError(
                .untrustedKey, path: shown,
                reason: "signed by key \(offered.keyID), the id of \(whose), but not that key (\(offered.base64) is not \(known.base64))",
                hint: "an id can be copied: do not install it unless its publisher confirms this whole key; "
                    + "then run tabhost trust add KEY.pub and install again")
        case .unknownKey(let id):
            throw BundleError(
                .untrustedKey, path: shown, reason: "signed by key \(id), which the bundle does not carry and you do not trust",
                hint: "get the publisher's public key, check it with them, run tabhost trust add KEY.pub, and install again")
        }
    }

    private func keyChanged(_ name: String, pinned: PublicKey, signedBy: String, shown: String) -> BundleError {
        BundleError(
            .untrustedKey, path: shown, reason: "\(name) is pinned to key \(pinned.keyID), but this bundle is signed by \(signedBy)",
            hint: "if its publisher really changed keys, check the new key with them, then run "
                + "tabhost trust add NEW.pub --module \(name) (or tabhost trust remove --module \(name)) and install again; "
                + "--yes never accepts a new key")
    }

    /// Under the lock: the pin as the store has it now (another install may have pinned meanwhile), then
    /// the new pin written; a new pin drops the grants left for the module's file by an earlier publisher.
    private func pin(_ name: String, key: PublicKey?, acceptance: InstallOutcome.KeyAcceptance, shown: String) throws {
        var store = try TrustStoreFile.read(options.trustStorePath)
        let pinned = store.pinnedKey(for: name)
        if let pinned, pinned != key {
            throw keyChanged(name, pinned: pinned, signedBy: key.map { "key \($0.keyID)" } ?? "no key (it is unsigned)", shown: shown)
        }
        guard let key, pinned == nil else { return }
        store.pin(name, to: key)
        try TrustStoreFile.write(store, to: options.trustStorePath)
        if let grants = options.grantStorePath {
            var grantStore = ModuleGrantStore(path: grants)
            let file = installedFile(name)
            if grantStore.grant(name: name, file: file) != nil {
                grantStore.revoke(nil, name: name, file: file)
                try grantStore.save()
            }
        }
    }

    /// Where the module `name` is installed, as grants name it: the module file with links resolved (the
    /// directory resolves; the file may not exist yet).
    private func installedFile(_ name: String) -> String {
        ModuleFileReader.resolved(options.modulesDirectory) + "/" + name + "/" + name + ".so"
    }

    /// What is granted now to the module `name` installed here, unsigned (by its file).
    private func keptPermissions(_ name: String) -> [String] {
        guard let grants = options.grantStorePath else { return [] }
        return ModuleGrantStore(path: grants).permissions(name: name, file: installedFile(name))
    }

    /// The `.so` the manifest lists for this machine's architecture.
    private func chosenFile(_ manifest: BundleManifest) -> BundleFileEntry? {
        manifest.files.first { $0.arch == options.architecture && $0.path.hasSuffix(".so") }
    }

    /// Lays the staged bundle out as installed: this architecture's `.so` as `NAME.so` at the top (beside
    /// its image and data, as in the build), the other architectures' files removed. Returns `NAME.so`'s path.
    private func arrange(_ staged: StagedBundle, shown: String) throws(BundleError) -> String {
        let manifest = staged.manifest
        guard let chosen = chosenFile(manifest) else {
            let others = Set(manifest.files.compactMap(\.arch)).sorted()
            throw BundleError(
                .wrongArchitecture, path: shown,
                reason: others.isEmpty
                    ? "it holds no module (.so) for any architecture"
                    : "built only for \(others.joined(separator: ", ")), and this machine is \(options.architecture)",
                hint: "ask its publisher for a bundle with a \(options.architecture) build")
        }
        let target = manifest.name + ".so"
        if chosen.path != target, manifest.files.contains(where: { $0.path == target || $0.path.hasPrefix(target + "/") }) {
            throw BundleError(
                .invalidManifestField, path: shown, reason: "it lists \(target) besides its module \(chosen.path)",
                hint: "the bundle was not made by tabhost pack; ask its publisher")
        }
        let root = try openStaged(staged.directory)
        defer { close(root) }
        if chosen.path != target {
            guard renameat(root, chosen.path, root, target) == 0 else {
                throw BundleFile.failure("cannot move \(chosen.path) in the staging directory", path: shown, code: errno)
            }
        }
        for file in manifest.files where file.arch != nil && file.path != chosen.path {
            FileTree.remove(file.path, in: root)
        }
        // Directories left empty by the moves (ARCH/) go too.
        for file in manifest.files where file.arch != nil {
            var path = file.path
            while let slash = path.lastIndex(of: "/") {
                path = String(path[..<slash])
                if unlinkat(root, path, AT_REMOVEDIR) != 0 { break }
            }
        }
        return staged.directory + "/" + target
    }

    private func openStaged(_ directory: String) throws(BundleError) -> Int32 {
        let fd = FileTree.openDirectory(directory)
        guard fd >= 0 else { throw BundleFile.failure("cannot open the staging directory", path: directory, code: errno) }
        return fd
    }
}
