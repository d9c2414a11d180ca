/// One piece of work `TickScheduler.takeDue(now:)` found due, for the main loop to perform.
package struct DueWork: Sendable, Hashable {
    /// The instance it belongs to.
    package var instance: UInt64
    /// What to do.
    package var work: ScheduledWork
    /// For a timer: which firing this is, for `TickScheduler.claim(_:)`; 0 otherwise.
    package var firing: UInt64
}
