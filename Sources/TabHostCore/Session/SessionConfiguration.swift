import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

/// What a live session is made of, as a command's options give it: the same for every front end.
public struct SessionConfiguration: Sendable {
    /// The module directories, in search order.
    public var directories: [ModuleDirectory]
    /// The layout file; nil for none: one tab container with a tab per content module found.
    public var layoutPath: String?
    /// Where the selection and stacks are restored from and saved to; nil for none.
    public var statePath: String?
    /// The log file.
    public var logPath: String
    /// Whether module directories are watched for hot reload.
    public var watch: Bool
    /// Whether module files and directories writable by group or others are accepted.
    public var allowInsecurePermissions: Bool
    /// Where modules run: in child processes of their own, or in this process.
    public var isolation: ModuleIsolation
    /// The helper and the call deadlines of process isolation.
    public var isolationSettings: IsolationSettings
    /// The module metadata cache file (see `ModuleMetadataCache`); nil: every module file is opened at start.
    public var metadataCachePath: String?
    /// Ignore what the metadata cache holds (it is rebuilt from the files).
    public var rescan: Bool
    /// What this session's module timers and ticks run by (and ABI 1.3's `now_ms` reads): the monotonic
    /// clock, or a test clock that only a script moves (`tabhost test`, `ModuleTester`). Each session
    /// has its own, so two sessions in one process never share one.
    public var clock: HostClock = .monotonic
    /// The layout is the demo of a plain run: installed bundles meant to be tabs (their manifest's `tab`,
    /// default true) become tabs of a root tab container, before the demo's own root.
    public var installedBundlesAsRootTabs = false
    /// The terminal is a front end's (`run`, `dev`): a module's stdout and stderr in the host's process go to
    /// the log (`StandardOutputCapture`) from before its first code runs, the opened session's `outputCapture`.
    public var capturesInProcessOutput = false
    /// The first frame comes before the `stat` checks of the module files the metadata cache knows
    /// (`ModuleRegistry.defersCachedFileChecks`): the session makes them after it, and opens and
    /// reports a module whose file changed since it was cached as a tab opening it would (`tabhost run`).
    public var defersCachedFileChecks = false

    /// A configuration; the log defaults to `HostLogFile.defaultPath`.
    public init(
        directories: [ModuleDirectory], layoutPath: String?, statePath: String? = nil,
        logPath: String = HostLogFile.defaultPath, watch: Bool = true, allowInsecurePermissions: Bool = false,
        isolation: ModuleIsolation = .process, isolationSettings: IsolationSettings = IsolationSettings(sandbox: .on),
        metadataCachePath: String? = nil, rescan: Bool = false
    ) {
        self.metadataCachePath = metadataCachePath
        self.rescan = rescan
        self.directories = directories
        self.layoutPath = layoutPath
        self.statePath = statePath
        self.logPath = logPath
        self.watch = watch
        self.allowInsecurePermissions = allowInsecurePermissions
        self.isolation = isolation
        self.isolationSettings = isolationSettings
    }
}
