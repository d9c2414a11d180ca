/// When the outermost of the waits nested in a child's request began: a module's `push`, `present` or
/// `add_tab` from inside a call makes the host wait for the new screen's `create` and `start` (and its
/// child's start, for a module not running yet), whose own calls may nest more. Each wait alone is
/// bounded by its timeout, but a chain of them waited one after another inside the first (sixteen deep,
/// each just under the timeout, froze every tab for sixteen seconds). Every wait nested in a request ends
/// by its own timeout counted from when the outermost wait began: the chain costs what one wait may.
enum NestedWaits {
    /// Set while the host serves a child's request from inside a wait (on the thread doing it).
    @TaskLocal static var began: ContinuousClock.Instant?
}
