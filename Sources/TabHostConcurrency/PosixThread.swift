#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts the package's own POSIX threads (``ThreadedResult``'s, and threads that serve for as long
/// as the process runs): a thread of its own, not a dispatch queue's, where the work must not wait
/// behind other work on a shared pool or where the thread's identity matters (a child started there
/// dies with it).
public enum PosixThread {
    /// Starts `body` on a new thread and returns it (join or detach it); nil if none can be started.
    ///
    /// `body` runs on another thread: it must touch nothing the starting thread uses meanwhile.
    public static func start(_ body: @escaping () -> Void) -> pthread_t? {
        var thread = pthread_t()
        // The entry holds `body` (and what it captured) until the thread has run.
        let context = Unmanaged.passRetained(ThreadEntry(body)).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadEntry>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<ThreadEntry>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// What a thread of ``PosixThread`` runs: not generic, since a C function pointer (the thread's start
/// routine) cannot name a generic type.
private final class ThreadEntry {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
