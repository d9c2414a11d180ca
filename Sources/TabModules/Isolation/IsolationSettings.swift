import FoundationEssentials

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
    /// not wait for the helper's exec and dynamic linking; it costs one idle helper (about 1 MiB).
    public var keepsSpareChild: Bool
    /// A module whose children stop this many times within `crashLoopWindow` is not started again
    /// (by a new tab or screen of it, or a reload) until the user chooses Restart.
    public var crashLoopLimit: Int
    /// The sliding window of the crash-loop rule.
    public var crashLoopWindow: Duration

    /// Settings with the helper found next to this executable (see `defaultHelperPath`).
    public init(
        helperPath: String = IsolationSettings.defaultHelperPath, hangTimeout: Duration = .seconds(1),
        killTimeout: Duration = .seconds(10), startTimeout: Duration = .seconds(5),
        snapshotInterval: Duration = .seconds(1), keepsSpareChild: Bool = true, crashLoopLimit: Int = 3,
        crashLoopWindow: Duration = .seconds(60)
    ) {
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
    public static let helperName = "tabhost-module-host"

    /// `$TABHOST_MODULE_HOST` if set, else `tabhost-module-host` in the directory of the running
    /// executable (where SwiftPM builds both, and where the test bundle runs), else in
    /// `../libexec/tabhost/` beside it (an installed layout).
    public static var defaultHelperPath: String {
        if let path = ProcessInfo.processInfo.environment["TABHOST_MODULE_HOST"], !path.isEmpty { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let directory = ModuleFileReader.parentDirectory(of: executable)
        let beside = directory + "/" + helperName
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let libexec = ModuleFileReader.parentDirectory(of: directory) + "/libexec/tabhost/" + helperName
        return FileManager.default.isExecutableFile(atPath: libexec) ? libexec : beside
    }
}
