import Glibc
import TabHostConcurrency

/// Starts `tabhost-module-host` children on a thread of its own, so the loop thread goes on while
/// `posix_spawn` waits for a child's exec (a spare child's start overlaps the modules' loading).
///
/// One thread for the process, started with the first request and never ended: a child dies with
/// the *thread* that started it (`PR_SET_PDEATHSIG`), so that thread must outlive every child it
/// starts. Children started here are the same `ModuleHostProcess`es as any other (the same spawn,
/// descriptors and session); only the thread that waits for the exec differs.
final class ModuleHostSpawner: @unchecked Sendable {
    /// The process's spawner.
    static let shared = ModuleHostSpawner()

    /// A child on its way: `ModuleHostSpawner.take(_:)` waits for it.
    final class Pending: @unchecked Sendable {
        fileprivate let helper: String
        fileprivate let label: String
        // Written by the spawner's thread and read by the taker, both under the spawner's mutex.
        fileprivate var result: Result<ModuleHostProcess, ModuleHostStartError>?

        fileprivate init(helper: String, label: String) {
            self.helper = helper
            self.label = label
        }
    }

    // Guarded by `mutex`; `condition` is signalled when a request is queued or a child started.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var requests: [Pending] = []
    private var threadRuns = false

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Starts `helper` for module `label` on the spawner's thread; `take(_:)` gives the process.
    /// Without a thread (none can be started), it starts the child here.
    func spawn(helper: String, label: String) -> Pending {
        let pending = Pending(helper: helper, label: label)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !threadRuns { threadRuns = startThread() }
        guard threadRuns else {
            pending.result = Result { () throws(ModuleHostStartError) in try ModuleHostProcess(helper: helper, label: label) }
            return pending
        }
        requests.append(pending)
        pthread_cond_broadcast(condition)
        return pending
    }

    /// Waits until `pending`'s child has been started (or has failed to start).
    func take(_ pending: Pending) -> Result<ModuleHostProcess, ModuleHostStartError> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = pending.result { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    private func startThread() -> Bool {
        guard let thread = PosixThread.start({ [self] in serve() }) else { return false }
        pthread_detach(thread)
        return true
    }

    /// The thread's body: starts each child asked for, in order, for as long as the process runs.
    private func serve() {
        while true {
            pthread_mutex_lock(mutex)
            while requests.isEmpty { pthread_cond_wait(condition, mutex) }
            let pending = requests.removeFirst()
            pthread_mutex_unlock(mutex)
            let result = Result { () throws(ModuleHostStartError) in
                try ModuleHostProcess(helper: pending.helper, label: pending.label)
            }
            pthread_mutex_lock(mutex)
            pending.result = result
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }
}
