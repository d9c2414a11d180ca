import Foundation
import TabHostConcurrency

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The threads the tests that block theirs run on (``BlockingTrait``, `.blocking`): a task executor
/// wider than Swift's cooperative pool.
///
/// The cooperative pool has as many threads as the machine has cores, and a test that waits for a
/// child (`run(…)`, tmux, a live server, `cc` building a fixture) holds its thread for the whole wait.
/// On a two-core machine two such tests kept every other test waiting while the processor idled. Here
/// such waits hold threads of their own, as many as `TABHOST_TEST_THREADS` says, so that many tests
/// wait at once and the cooperative pool stays free for the rest.
///
/// Any free thread runs the next job, in the order they came. The threads never end: a child started
/// with `PR_SET_PDEATHSIG` (a module's child started by a test) dies with the thread that started it.
public final class BlockingTestPool: TaskExecutor, @unchecked Sendable {
    /// The one pool every `.blocking` test shares.
    public static let shared = BlockingTestPool(threads: threadCount(environment: ProcessInfo.processInfo.environment))

    /// `TABHOST_TEST_THREADS` when it is a whole number from 1 to 64, else two per core: enough that
    /// the processor, not the waits, bounds a full run, and few enough that a test's own deadlines still
    /// hold with its neighbours running.
    public static func threadCount(environment: [String: String]) -> Int {
        if let text = environment["TABHOST_TEST_THREADS"], let count = Int(text), (1...64).contains(count) { return count }
        return 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The number of threads.
    public let threads: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var jobs: [UnownedJob] = []

    /// Starts `threads` threads that wait for jobs.
    public init(threads: Int) {
        self.threads = threads
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<threads {
            guard let thread = PosixThread.start({ [self] in serve() }) else {
                fatalError("BlockingTestPool: cannot start a thread: \(String(cString: strerror(errno)))")
            }
            pthread_detach(thread)
        }
    }

    /// Queues `job` for the next free thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func serve() {
        let executor = asUnownedTaskExecutor()
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty { pthread_cond_wait(condition, mutex) }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(mutex)
            job.runSynchronously(on: executor)
        }
    }
}
