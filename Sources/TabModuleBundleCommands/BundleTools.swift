import TabHostCommandLine
import TabModuleBundle
import TabModuleLoading
import TabModuleRuntime

/// The bundle tools `tabhost-bundle` hands to the command line: `pack`, `feed`, `install` and `update`.
public struct BundleTools: BundleTooling {
    /// The tools.
    public init() {}

    /// See `BundleTooling.pack`.
    public func pack(directory: String, keyPath: String, output: String?) throws -> [String] {
        try ProjectPacker(directory: directory, keyPath: keyPath, output: output).pack()
    }

    /// See `BundleTooling.feed`.
    public func feed(bundle: String, keyPath: String, url: String, output: String?, expiresDays: Int, detached: Bool) throws -> [String] {
        try FeedWriter(
            bundle: bundle, keyPath: keyPath, url: url, output: output ?? "feed.json", expiresDays: expiresDays, detached: detached
        ).write()
    }

    /// See `BundleTooling.install`.
    public func install(source: String, request: BundleInstallRequest) throws -> [String] {
        var options = BundleInstallOptions(
            modulesDirectory: request.modulesDirectory, trustStorePath: request.trustStorePath,
            grantStorePath: ModuleGrantStore.defaultPath())
        options.dataDirectory = ModuleDataDirectory.fromEnvironment()
        options.assumeYes = request.assumeYes
        options.allowUnsigned = request.allowUnsigned
        options.allowOlder = request.allowOlder
        options.sandbox = request.sandbox
        options.confirm = TerminalQuestion.asker()
        options.progress = InstallProgress.onTerminal()
        let installer = BundleInstaller(options: options)
        let isURL = source.contains("://")
        let outcome = try isURL ? installer.install(url: source) : installer.install(bundleAt: source)
        return outcome.lines
    }

    /// See `BundleTooling.update`.
    public func update(names: [String], request: BundleInstallRequest) -> UpdateReport {
        var options = BundleInstallOptions(
            modulesDirectory: request.modulesDirectory, trustStorePath: request.trustStorePath,
            grantStorePath: ModuleGrantStore.defaultPath())
        options.progress = InstallProgress.onTerminal()
        options.sandbox = request.sandbox
        options.dataDirectory = ModuleDataDirectory.fromEnvironment()
        return ModuleUpdater(options: options, names: names).update()
    }
}
