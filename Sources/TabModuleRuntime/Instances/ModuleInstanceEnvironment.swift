import TabKit

/// What a runtime lends every instance it has made: where ticks go and which thread may call in.
public struct ModuleInstanceEnvironment: Sendable {
    /// Where the instance's `schedule_tick` requests go (the one host call allowed from any thread).
    public var ticks: TickScheduler
    /// The thread every call into the instance must come from (checked in debug builds); nil: unchecked.
    public var confinement: ThreadConfinement?

    /// Creates an environment.
    public init(ticks: TickScheduler, confinement: ThreadConfinement?) {
        self.ticks = ticks
        self.confinement = confinement
    }
}
