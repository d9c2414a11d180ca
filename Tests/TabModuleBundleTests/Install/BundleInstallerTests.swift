import Foundation
import TabHostTesting
import TabModuleBundle
import TabModuleBundleCommands
import TabModuleDownload
import TabModuleRuntime
import Testing

/// `BundleInstaller` through its API, as `tabhost update` calls it: an expected key (the pinned one) that
/// nothing else replaces, the feed's name and version, never going back; and the first install's question.
@Suite(.tags(.slow), .selectedByTags, .blocking)
struct BundleInstallerTests {
    private func options(_ scene: InstallScene) -> BundleInstallOptions {
        BundleInstallOptions(modulesDirectory: scene.modules, trustStorePath: scene.trustStore, grantStorePath: scene.grantStore)
    }

    /// Options that answer yes and claim data directories in a `module-data` directory of the scene's.
    private func withDataDirectory(_ scene: InstallScene) -> (BundleInstallOptions, ModuleDataDirectory) {
        var options = options(scene)
        options.assumeYes = true
        let data = ModuleDataDirectory(root: scene.scratch.path("module-data"))
        options.dataDirectory = data
        return (options, data)
    }

    @Test func anExpectedKeyIsTheOnlyKeyAcceptedAndNothingIsAsked() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let path = try scene.write(try bundle.entries())
        var options = options(scene)
        options.expectedKey = SecretKey.generate().publicKey
        options.confirm = { _ in
            Issue.record("nothing is asked with an expected key")
            return true
        }
        let error = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: path, shownAs: "URL") }
        #expect(
            error?.code == .untrustedKey && error?.description.hasPrefix("URL: clock is pinned to key ") == true,
            "\(String(describing: error))")
        #expect(scene.topNames.isEmpty)

        options.expectedKey = bundle.key.publicKey
        let outcome = try BundleInstaller(options: options).install(bundleAt: path)
        #expect(outcome.acceptance == .pinned && outcome.key == bundle.key.publicKey && outcome.replaced == nil)
        #expect(outcome.installed.manifest.version.description == "1.4.0")
    }

    @Test func theFeedsNameAndVersionMustBeTheBundlesAndAnUpdateNeverGoesBack() throws {
        let scene = try InstallScene()
        let first = try scene.fixture(version: "1.4.0")
        var options = options(scene)
        options.assumeYes = true
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try first.entries()))

        options.expectedKey = first.key.publicKey
        options.requireNewer = true
        let same = #expect(throws: BundleError.self) {
            try BundleInstaller(options: options).install(bundleAt: try scene.write(try first.entries()))
        }
        #expect(same?.reason == "version 1.4.0 is not newer than the installed 1.4.0", "\(String(describing: same))")

        let second = try scene.write(try scene.fixture(version: "1.5.0", key: first.key).entries(), as: "second.tabmod")
        options.expectedVersion = SemanticVersion("1.6.0")
        let version = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: second) }
        #expect(version?.reason == "the bundle is version 1.5.0, not 1.6.0 as its feed says", "\(String(describing: version))")
        options.expectedVersion = SemanticVersion("1.5.0")
        options.expectedName = "other"
        let name = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: second) }
        #expect(name?.reason == "the bundle is clock, not other as expected", "\(String(describing: name))")
        #expect(scene.topNames == [".lock", "clock"])

        options.expectedName = "clock"
        let updated = try BundleInstaller(options: options).install(bundleAt: second)
        #expect(updated.installed.manifest.version.description == "1.5.0" && updated.replaced?.manifest.version.description == "1.4.0")
        #expect(updated.line.hasSuffix("into \(scene.modules)/clock, replacing 1.4.0"))
    }

    @Test func theFeedsSizeAndSHA256AreCheckedBeforeUnpacking() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let served = try Fixture(prefix: "tabhost-served")
        let path = try scene.write(try bundle.entries())
        try FileManager.default.copyItem(atPath: path, toPath: served.path("clock.tabmod"))
        let bytes = try BundleFileReading.bytes(path)
        let sha256 = SHA256Hasher.hex(bytes)
        var options = options(scene)
        options.assumeYes = true
        options.expectedFile = (UInt64(bytes.count), String(repeating: "0", count: 64))
        let hash = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: path, shownAs: "URL") }
        #expect(hash?.description.hasPrefix("URL: its SHA-256 differs from the feed's; ") == true, "\(String(describing: hash))")
        options.expectedFile = (UInt64(bytes.count + 1), sha256)
        let size = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: path) }
        #expect(size?.reason == "\(bytes.count) bytes, but the feed says \(bytes.count + 1)", "\(String(describing: size))")

        // A download is cut off past the announced size.
        let server = try HTTPSTestServer(root: served.directory)
        options.downloader = HTTPSDownloader(caFile: server.caFile, caDirectory: nil)
        // An announced size past what any bundle may hold is refused before anything is asked for.
        options.expectedFile = (10 << 30, sha256)
        let huge = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(url: server.url("clock.tabmod")) }
        #expect(
            huge?.code == .download && huge?.reason == "its feed announces 10737418240 bytes, more than the 536870912 a bundle may hold",
            "\(String(describing: huge))")
        #expect(server.requests.isEmpty && scene.topNames.isEmpty)
        options.expectedFile = (UInt64(bytes.count - 1), sha256)
        let cut = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(url: server.url("clock.tabmod")) }
        #expect(cut?.code == .download && cut?.reason.contains("larger than") == true, "\(String(describing: cut))")
        #expect(scene.topNames.isEmpty)

        options.expectedFile = (UInt64(bytes.count), sha256)
        let outcome = try BundleInstaller(options: options).install(url: server.url("clock.tabmod"))
        #expect(outcome.installed.manifest.name == "clock")
        #expect(scene.topNames == [".lock", "clock"])
    }

    /// A bundle signed by a key that copies a trusted key's id is refused before anything is asked, with
    /// both whole keys; the control is the genuine key's bundle, installed without a question.
    @Test func aBundleSignedWithACopiedKeyIdIsRefusedBeforeTheQuestion() throws {
        let scene = try InstallScene()
        let genuine = try scene.fixture()
        let impostor = SecretKey.generate(keyID: genuine.key.keyID)
        var store = TrustStore()
        store.trust(genuine.key.publicKey, comment: "Ada (checked)")
        try TrustStoreFile.write(store, to: scene.trustStore)
        var options = options(scene)
        options.confirm = { _ in
            Issue.record("nothing is asked of an impostor's bundle")
            return true
        }
        let forged = try scene.write(try scene.fixture(key: impostor).entries(), as: "forged.tabmod")
        let error = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: forged, shownAs: "forged") }
        #expect(
            error?.description == "forged: signed by key \(genuine.key.keyID), the id of a key you trust, but not that key "
                + "(\(impostor.publicKey.base64) is not \(genuine.key.publicKey.base64)); an id can be copied: do not install "
                + "it unless its publisher confirms this whole key; then run tabhost trust add KEY.pub and install again",
            "\(String(describing: error))")
        #expect(scene.topNames.isEmpty)
        #expect(try TrustStoreFile.read(scene.trustStore) == store)

        let outcome = try BundleInstaller(options: options).install(bundleAt: try scene.write(try genuine.entries()))
        #expect(outcome.acceptance == .trusted)
    }

    /// An install claims its name's data directory for the bundle's directory (a same-named module run from
    /// elsewhere before the bundle's first run would otherwise find it unclaimed); an existing claim stays.
    @Test func anInstallClaimsItsNamesDataDirectory() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        var options = options(scene)
        options.assumeYes = true
        let data = ModuleDataDirectory(root: scene.scratch.path("data"))
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries()))
        #expect(!FileManager.default.fileExists(atPath: data.claimPath(forModule: "clock")), "no data directory given, none claimed")
        options.dataDirectory = data
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries(), as: "again.tabmod"))
        let real = URL(fileURLWithPath: scene.modules).resolvingSymlinksInPath().path
        #expect(try String(contentsOfFile: data.claimPath(forModule: "clock"), encoding: .utf8) == real + "/clock\n")
        try "/elsewhere/clock\n".write(toFile: data.claimPath(forModule: "clock"), atomically: false, encoding: .utf8)
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries(), as: "third.tabmod"))
        #expect(try String(contentsOfFile: data.claimPath(forModule: "clock"), encoding: .utf8) == "/elsewhere/clock\n")
    }

    /// A name's first install moves aside what its data directory already holds: a module run from elsewhere
    /// under the name wrote it (settings, a server's address the bundle would trust), no bundle of the name.
    /// Nothing is deleted and the install says where it went. The control: a reinstall keeps what the
    /// installed bundle wrote, and an empty directory is left in place without a word.
    @Test func aFirstInstallSetsAsideWhatIsAlreadyInItsDataDirectory() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let (options, data) = withDataDirectory(scene)
        let files = FileManager.default
        try files.createDirectory(atPath: data.path(forModule: "clock"), withIntermediateDirectories: true)
        try "server=https://attacker.example\n".write(
            toFile: data.path(forModule: "clock") + "/settings", atomically: false, encoding: .utf8)

        let first = try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries()))
        let names = try files.contentsOfDirectory(atPath: data.root)
        let aside = names.filter { $0.hasPrefix(".clock.unclaimed-") }
        try #require(aside.count == 1, "\(names)")
        let moved = data.root + "/" + aside[0]
        #expect(try String(contentsOfFile: moved + "/settings", encoding: .utf8) == "server=https://attacker.example\n")
        #expect(!files.fileExists(atPath: data.path(forModule: "clock")), "the bundle's directory is made afresh at its first run")
        #expect(
            first.lines.last
                == "data_dir: \(data.path(forModule: "clock")) held files no bundle of clock wrote (a module run from elsewhere under "
                + "that name); they were moved to \(moved), and clock starts with an empty directory: move them back if they are "
                + "this module's")

        // Control: the installed bundle's own files stay through a reinstall.
        try files.createDirectory(atPath: data.path(forModule: "clock"), withIntermediateDirectories: true)
        try "mine\n".write(toFile: data.path(forModule: "clock") + "/own", atomically: false, encoding: .utf8)
        let again = try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries(), as: "again.tabmod"))
        #expect(again.dataNote == nil && again.lines.count == 1)
        #expect(try String(contentsOfFile: data.path(forModule: "clock") + "/own", encoding: .utf8) == "mine\n")
    }

    /// An empty data directory is removed at a first install, and nothing is said: a module running from
    /// elsewhere under the name keeps its sandbox's rule on that directory and went on writing there,
    /// into the bundle's directory, after the install (an outside try).
    @Test func aFirstInstallRemovesAnEmptyDataDirectory() throws {
        let scene = try InstallScene()
        let (options, data) = withDataDirectory(scene)
        try FileManager.default.createDirectory(atPath: data.path(forModule: "clock"), withIntermediateDirectories: true)
        let outcome = try BundleInstaller(options: options).install(bundleAt: try scene.write(try scene.fixture().entries()))
        #expect(outcome.dataNote == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: data.root).sorted()
        #expect(names == [".clock.bundle"], "\(names)")
    }

    /// `install` of an older version than the installed one is refused (`update` never goes back, and
    /// neither may a "reinstall" of an old signed file); `--allow-older` installs it.
    @Test func anOlderVersionIsInstalledOnlyWhenAllowed() throws {
        let scene = try InstallScene()
        let newer = try scene.fixture(version: "1.5.0")
        var options = options(scene)
        options.assumeYes = true
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try newer.entries()))
        let older = try scene.write(try scene.fixture(version: "1.4.0", key: newer.key).entries(), as: "older.tabmod")
        let error = #expect(throws: BundleError.self) { try BundleInstaller(options: options).install(bundleAt: older, shownAs: "older") }
        #expect(
            error?.description == "older: version 1.4.0 is older than the installed 1.5.0; nothing was changed; "
                + "tabhost rollback clock returns to the previous version, and --allow-older installs this one anyway",
            "\(String(describing: error))")
        #expect(try InstalledBundles(path: scene.modules, create: false).bundle(named: "clock")?.manifest.version.description == "1.5.0")
        // The same version again is a reinstall, not a step back.
        _ = try BundleInstaller(options: options).install(bundleAt: try scene.write(try newer.entries(), as: "again.tabmod"))
        options.allowOlder = true
        let outcome = try BundleInstaller(options: options).install(bundleAt: older)
        #expect(outcome.installed.manifest.version.description == "1.4.0" && outcome.replaced?.manifest.version.description == "1.5.0")
    }

    @Test(arguments: [true, false])
    func aFirstInstallAsksWithTheKeyAndThePermissions(answer: Bool) throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        var options = options(scene)
        let asked = LockedBox<[String]>([])
        options.confirm = { question in
            asked.value = question.lines
            return answer
        }
        let install = { try BundleInstaller(options: options).install(bundleAt: try scene.write(try bundle.entries())) }
        if answer {
            #expect(try install().acceptance == .firstUse)
            #expect(try TrustStoreFile.read(scene.trustStore).pinnedKey(for: "clock") == bundle.key.publicKey)
        } else {
            let error = #expect(throws: BundleError.self) { try install() }
            #expect(error?.code == .notConfirmed)
            #expect(scene.topNames.isEmpty && scene.trustText.isEmpty)
        }
        #expect(
            asked.value == [
                "clock 1.4.0 (Clock) from Ada Example",
                "publisher key: \(bundle.key.keyID) (new for clock: it will be pinned, as SSH pins a host key)",
                "the whole key: \(bundle.key.publicKey.base64) (compare it with the publisher's .pub)",
                "it asks to: connect to the network (granted only when you allow it)",
            ], "\(asked.value)")
    }
}
