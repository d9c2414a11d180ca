import TabModuleLoading
import TabModuleRuntime

/// How out-of-process instances run: the helper executable and the deadlines of module calls.
public struct IsolationSettings: Sendable {
    /// The `tabhost-module-host` executable.
    public var helperPath: String
    /// A call that has not returned after this long gives up: the tab shows "<Title> is not
    /// responding" and the host goes on (`--hang-timeout`).
    public var hangTimeout: Duration
    /// A child that has not answered for this long after a call started is killed; its tabs show
    /// the crashed state with Restart.
    public var killTimeout: Duration
    /// How long a new child may take to start and load its module.
    public var startTimeout: Duration
    /// After a handled event, the module's state is saved for Restart at most this often.
    public var snapshotInterval: Duration
    /// Keeps one child started ahead (after the first module starts), so a reload or a Restart does
    /// not wait for the helper's exec and dynamic linking; it costs one idle helper process (a C program
    /// that maps no Swift runtime).
    public var keepsSpareChild: Bool
    /// A module whose children stop this many times within `crashLoopWindow` is not started again
    /// (by a new tab or screen of it, or a reload) until the user chooses Restart.
    public var crashLoopLimit: Int
    /// The sliding window of the crash-loop rule.
    public var crashLoopWindow: Duration
    /// Whether each child and the scanner confine themselves with the kernel sandbox before they open a
    /// module (`--sandbox`): a required argument of `init`, so that no command can forget it.
    public var sandbox: SandboxMode
    /// At most this Landlock ABI in the sandbox (0: the best the kernel offers): tests reach an older
    /// kernel's missing layers with it.
    public var sandboxLandlockABILimit: Int32 = 0
    /// Test mode (`tabhost test`): the child names each file open its sandbox refuses (`read:PATH`,
    /// `write:PATH` in `deniedPermissions`), as it names refused programs and network use.
    public var sandboxReportsFileDenials = false
    /// Where the sandbox finds what each module was granted (none by default: a session passes the
    /// user's store, its layout's grants and `tabhost dev`'s; see `OutOfProcessModuleInstanceFactory.grants`).
    public var grants: ModuleGrantSource = .none
    /// The address space each sandboxed child may map (RLIMIT_AS); nil for
    /// `ModuleSandboxProfile.memoryCeiling`. Tests lower it to reach the ceiling quickly.
    public var sandboxMemoryCeiling: UInt64?
    /// What a module may keep in its `data_dir` before its tab and the log say so (not enforced);
    /// tests lower it.
    public var dataDirectorySoftLimit: UInt64 = ModuleDataDirectory.softLimitBytes
    /// Where the sandbox's write rule finds each module's `data_dir` (made before the child locks).
    public var dataDirectory: ModuleDataDirectory? = ModuleDataDirectory.fromEnvironment()

    /// Settings with the helper found next to this executable (see `defaultHelperPath`); `sandbox` is
    /// `.on` unless the user said `--sandbox off`.
    public init(
        sandbox: SandboxMode, helperPath: String = IsolationSettings.defaultHelperPath, hangTimeout: Duration = .seconds(1),
        killTimeout: Duration = .seconds(10), startTimeout: Duration = .seconds(5),
        snapshotInterval: Duration = .seconds(1), keepsSpareChild: Bool = true, crashLoopLimit: Int = 3,
        crashLoopWindow: Duration = .seconds(60)
    ) {
        self.sandbox = sandbox
        self.helperPath = helperPath
        self.hangTimeout = hangTimeout
        self.killTimeout = killTimeout
        self.startTimeout = startTimeout
        self.snapshotInterval = snapshotInterval
        self.keepsSpareChild = keepsSpareChild
        self.crashLoopLimit = crashLoopLimit
        self.crashLoopWindow = crashLoopWindow
    }

    /// The helper's file name.
    public static let helperName = CompanionExecutable.moduleHost.name

    /// `$TABHOST_MODULE_HOST` if set, else `tabhost-module-host` beside the running executable, else in
    /// `../libexec/tabhost/` (the rule of `CompanionExecutable`).
    public static var defaultHelperPath: String {
        CompanionExecutable.moduleHost.path
    }
}
