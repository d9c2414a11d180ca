import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every test and suite that has one: it ends a test that hangs long before CI's
    /// own limit does, and never one that only waited its turn.
    ///
    /// A time limit counts from the moment a test is started, and its body then waits for a thread of the
    /// cooperative pool, which has as many threads as the machine has cores. Tests that block their thread
    /// while a child runs (`run(…)`, tmux, a live server) can hold every thread of a two-core machine for
    /// minutes: a test of `BoundedFileTests` exceeded a limit of one minute before its body had run (both
    /// pool threads were in `RunningProcess.wait` of other tests). A test guards the waits of its own body
    /// with deadlines of its own.
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
