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
    /// The factory returns only once the module's `create` answered, and throws when it refused: a
    /// reload decides from that whether the old version stays. False: a factory whose instances run
    /// elsewhere may send `create` without waiting (the instance shows the refusal when it comes).
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
