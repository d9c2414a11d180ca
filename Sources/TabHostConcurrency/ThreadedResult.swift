#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value computed on a POSIX thread of its own, taken with ``value()`` when it is needed: the start
/// of `tabhost run` overlaps its slow, independent steps (reading and decoding the metadata cache) with
/// the rest on the other core.
///
/// The thread ends when the work is done: do not start a child process there that must outlive it
/// (Linux's `PR_SET_PDEATHSIG`, which `tabhost-module-host` sets, fires when the creating *thread* exits).
///
/// A thread joined by `value()`, not a dispatch queue: the join orders the thread's writes before the
/// taker's reads, for the program and for ThreadSanitizer alike, and nothing waits behind other work
/// on a shared pool. If no thread can be started, `value()` computes the value on the caller's thread.
public final class ThreadedResult<Value>: @unchecked Sendable {
    private let work: () -> Value
    private var thread: pthread_t?
    // Written by the thread before it ends and read only after `pthread_join`; then by the taker only.
    private var result: Value?

    /// Starts `work` on a new thread.
    ///
    /// `work` runs on another thread: it must touch nothing the starting thread uses meanwhile.
    public init(_ work: @escaping () -> Value) {
        self.work = work
        // The thread holds this object until it has run.
        thread = PosixThread.start { [self] in result = self.work() }
    }

    deinit {
        guard let thread else { return }
        // The thread holds a reference while it runs, so the last one can go there: it cannot join itself.
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Waits for the thread and returns its value (computed here if no thread started). Take it from
    /// one thread; later calls return the same value.
    public func value() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        if let result { return result }
        let computed = work()
        result = computed
        return computed
    }
}
