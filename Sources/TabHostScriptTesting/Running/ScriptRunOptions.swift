/// What every script of one `tabhost test` run shares.
public struct ScriptRunOptions: Sendable {
    /// The directory holding the built module file (the session's one module directory).
    public var moduleDirectory: String
    /// The module's name (its descriptor's), the root of each script's layout.
    public var moduleName: String
    /// Where `snapshot NAME` files are (`tests/__snapshots__`).
    public var snapshotDirectory: String
    /// Write missing and changed snapshots instead of failing on them.
    public var update: Bool
    /// A module call taking more of the child's CPU time than this fails the step.
    public var slowCall: Duration
    /// How long a step may take to settle before it fails.
    public var settleTimeout: Duration
    /// How long the module must stay quiet (no new frame) to count as settled.
    public var quietPeriod: Duration
    /// At most this Landlock ABI in the module's sandbox (0: the best the kernel offers): tests reach an
    /// older kernel's missing layers, and the scripts they skip, with it.
    public var sandboxLandlockABILimit: Int32 = 0

    /// Options with the defaults of `tabhost test`.
    public init(
        moduleDirectory: String, moduleName: String, snapshotDirectory: String, update: Bool = false,
        slowCall: Duration = .milliseconds(250), settleTimeout: Duration = .seconds(5), quietPeriod: Duration = .milliseconds(30)
    ) {
        self.moduleDirectory = moduleDirectory
        self.moduleName = moduleName
        self.snapshotDirectory = snapshotDirectory
        self.update = update
        self.slowCall = slowCall
        self.settleTimeout = settleTimeout
        self.quietPeriod = quietPeriod
    }
}
