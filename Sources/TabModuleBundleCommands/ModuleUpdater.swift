import TabHostCommandLine
import TabModuleBundle
import TabModuleDownload
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost update`: for each installed bundle (or each one named), fetches the feed its manifest names and
/// the feed's signature (in the same file, a `SignedFeed`, or beside it), fetching again a while when they
/// do not match, checks them (`FeedCheck`: the pinned key, the name, the expiry, a newer version),
/// then has `BundleInstaller` download the bundle the feed announces and install it held to what the feed
/// says: the pinned key (nothing asked), the name, the version, the size and SHA-256, and newer than what
/// is installed when the lock is taken. A running host reloads the tab; the old version is kept for
/// `tabhost rollback`.
struct ModuleUpdater {
    /// The installer's options; the expectations are set per module here.
    var options: BundleInstallOptions
    /// The modules named on the command line; empty updates every installed bundle.
    var names: [String]
    /// Seconds since 1970, against which feeds expire.
    var now = Int(time(nil))

    /// The most a feed may be: it is a few hundred bytes.
    static let maximumFeedBytes: UInt64 = 64 << 10
    /// The most a feed's signature may be.
    static let maximumSignatureBytes: UInt64 = 4 << 10

    /// How long to wait before each new fetch of a feed whose signature does not match it: a publisher who
    /// replaces `feed.json` and `feed.json.minisig` one after the other (or a cache serving one of them
    /// stale) is caught between versions for a moment, which must not count as a forgery. A forgery still
    /// fails, after 1.7 s. A `SignedFeed`'s one file cannot mix versions: for it they only delay a refusal.
    var refetchDelays: [Duration] = [.milliseconds(200), .milliseconds(500), .seconds(1)]

    /// Updates each module in turn; one refused or failed module does not stop the others.
    func update() -> UpdateReport {
        var report = UpdateReport()
        let modules: InstalledBundles
        do {
            modules = try InstalledBundles(path: options.modulesDirectory, create: false)
        } catch {
            if names.isEmpty {
                report.lines.append("nothing to update: no bundle is installed in \(options.modulesDirectory)")
            } else {
                report.problems.append("\(error)")
            }
            return report
        }
        let wanted = names.isEmpty ? modules.names() : names
        if wanted.isEmpty { report.lines.append("nothing to update: no bundle is installed in \(options.modulesDirectory)") }
        for name in wanted {
            do {
                report.lines += try update(name, in: modules)
            } catch {
                report.problems.append("\(error)")
            }
        }
        return report
    }

    /// The feed at `feedURL` checked (`FeedCheck`), fetched again after each of `refetchDelays` while its
    /// signature does not match it; every other refusal, and a failed download, is final at once. The
    /// fetches share one overall deadline (the downloader's, for one file): a feed that never matches,
    /// sent as slowly as the minimum rate allows, cannot hold the update for that deadline on each fetch.
    private func checkedFeed(_ feedURL: String, module: String, key: PublicKey, installed: SemanticVersion) throws(BundleError)
        -> FeedCheck.Outcome
    {
        let deadline = ContinuousClock.now + .seconds(options.downloader.deadlineSeconds)
        var waited: [Duration] = []
        while true {
            let fetched = try fetchFeed(feedURL, until: deadline)
            do throws(BundleError) {
                return try FeedCheck.check(
                    feed: fetched.feed, signature: fetched.signature, feedURL: feedURL, signatureURL: fetched.signatureURL,
                    module: module, key: key, installed: installed, now: now)
            } catch {
                guard Self.mayBeMidPublication(error) else { throw error }
                guard waited.count < refetchDelays.count, ContinuousClock.now + refetchDelays[waited.count] < deadline else {
                    let total = waited.reduce(Duration.zero, +)
                    throw BundleError(
                        error.code, path: error.path,
                        reason: "\(error.reason), on each of \(waited.count + 1) fetches over \(Self.seconds(total)) s",
                        hint: "a forgery, or a feed published wrongly; ask its publisher to publish it again (docs/modules/publishing.md)")
                }
                let delay = refetchDelays[waited.count]
                waited.append(delay)
                let (seconds, attoseconds) = delay.components
                var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                var remaining = timespec()
                while nanosleep(&pause, &remaining) != 0 && errno == EINTR { pause = remaining }
            }
        }
    }

    /// The feed at `feedURL` and its signature: both from that one file when it is a `SignedFeed`, else
    /// the signature from `feedURL.minisig`; each fetch within what is left until `deadline`.
    private func fetchFeed(_ feedURL: String, until deadline: ContinuousClock.Instant) throws(BundleError)
        -> (feed: [UInt8], signature: [UInt8], signatureURL: String)
    {
        func downloader() -> HTTPSDownloader {
            var downloader = options.downloader
            let left = deadline - .now
            downloader.deadlineSeconds = max(1, min(downloader.deadlineSeconds, Int(left.components.seconds) + 1))
            return downloader
        }
        let fetched: [UInt8]
        do throws(DownloadError) {
            fetched = try downloader().fetch(feedURL, maximumBytes: Self.maximumFeedBytes)
        } catch {
            throw BundleError(.download, path: error.url, reason: error.reason, hint: error.hint)
        }
        if let both = SignedFeed.split(fetched) { return (both.feed, both.signature, feedURL) }
        do throws(DownloadError) {
            let signature = try downloader().fetch(feedURL + ".minisig", maximumBytes: Self.maximumSignatureBytes)
            return (fetched, signature, feedURL + ".minisig")
        } catch {
            // What came is no feed at all (a web server's page, a moved address): that is what is wrong,
            // not the signature missing beside it.
            if let start = fetched.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), start != UInt8(ascii: "{") {
                let head = String(decoding: fetched.prefix(24), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
                throw BundleError(
                    .malformedManifest, path: feedURL,
                    reason: "not a feed (it starts with \"\(ControlCharacters.escaped(head))\")",
                    hint: "check the module's feed address (its manifest's updates) with its publisher; the feed may have moved")
            }
            _ = try BundleFeed.decode(fetched, path: feedURL)
            throw BundleError(.download, path: error.url, reason: error.reason, hint: error.hint)
        }
    }

    /// Whether `error` is what a feed read between two versions of its publication looks like: a signature
    /// of other bytes, or a signature file caught half written.
    static func mayBeMidPublication(_ error: BundleError) -> Bool {
        [.badSignature, .badTrustedComment, .malformedSignature].contains(error.code)
    }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)"
    }

    private func update(_ name: String, in modules: InstalledBundles) throws -> [String] {
        guard let installed = try modules.bundle(named: name) else {
            throw BundleError(
                .notInstalled, path: options.modulesDirectory + "/" + name, reason: "no bundle of that name is installed",
                hint: "tabhost list shows what is installed; tabhost install FILE|URL installs one")
        }
        let manifest = installed.manifest
        guard let key = try TrustStoreFile.read(options.trustStorePath).pinnedKey(for: name) else {
            throw BundleError(
                .unsigned, path: installed.directory, reason: "installed without a signature, so no update of it can be verified",
                hint: "install a signed bundle of \(name) with tabhost install")
        }
        let feedURL = manifest.updates
        let stays = "\(name) stays at \(manifest.version)"
        let outcome: FeedCheck.Outcome
        do throws(BundleError) {
            outcome = try checkedFeed(feedURL, module: name, key: key, installed: manifest.version)
        } catch {
            let hint = error.hint.contains(stays) ? error.hint : "\(stays); \(error.hint)"
            throw BundleError(error.code, path: error.path, reason: error.reason, hint: hint)
        }
        guard case .newer(let announced, let version) = outcome else { return ["\(name) is up to date (\(manifest.version))"] }

        var options = options
        options.assumeYes = false
        options.allowUnsigned = false
        options.confirm = nil
        options.expectedKey = key
        options.expectedName = name
        options.expectedVersion = version
        options.expectedFile = (size: announced.size, sha256: announced.sha256)
        options.requireNewer = true
        let done: InstallOutcome
        do {
            done = try BundleInstaller(options: options).install(url: announced.url)
        } catch let error as BundleError {
            throw BundleError(error.code, path: error.path, reason: error.reason, hint: "\(stays); \(error.hint)")
        }
        var lines = ["updated \(name) \(manifest.version) → \(version) (key \(key.keyID)) in \(done.installed.directory)"]
        let added = done.installed.manifest.permissions.filter { !manifest.permissions.contains($0) }
        if !added.isEmpty {
            let list = added.joined(separator: " ")
            lines.append(
                "\(name) \(version) asks for more than \(manifest.version) did (\(list)): it runs with what you granted until you "
                    + "allow the rest on its tab or with tabhost grant \(name) \(list)")
        }
        return lines
    }
}
