import TabKit

/// What a runtime lends every instance it has made: where ticks go, which thread may call in, and
/// where modules keep their data.
public struct ModuleInstanceEnvironment: Sendable {
    /// Where the instance's `schedule_tick` requests go (the one host call allowed from any thread).
    public var ticks: TickScheduler
    /// The thread every call into the instance must come from (checked in debug builds); nil: unchecked.
    public var confinement: ThreadConfinement?
    /// Where `data_dir` makes each module's own directory; nil when no home directory is known.
    public var dataDirectory: ModuleDataDirectory?
    /// Where each call's duration goes (nil: not recorded).
    public var calls: ModuleCallRecorder?
    /// The factory returns only once the module's `create` answered, and throws when it refused, and
    /// the instance's `restoreState` returns the module's answer: a reload decides from them whether
    /// the old version stays. False: an instance whose module runs elsewhere may send `create` and
    /// `restore_state` without waiting (it shows a refused `create` on its screen, and hands a refused
    /// state to its delegate, when the answer comes).
    public var waitsForAnswers = false

    /// Creates an environment; module data directories default to the XDG data home's.
    public init(
        ticks: TickScheduler, confinement: ThreadConfinement?,
        dataDirectory: ModuleDataDirectory? = ModuleDataDirectory.fromEnvironment(), calls: ModuleCallRecorder? = nil
    ) {
        self.ticks = ticks
        self.confinement = confinement
        self.dataDirectory = dataDirectory
        self.calls = calls
    }
}
