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
        /// What to send the child as soon as it runs (`splitAhead(_:with:)`).
        fileprivate var ahead: ModuleSandboxAhead?

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
    /// The child `startEarly(helper:)` asked for, until `takeEarly(helper:)` hands it out.
    private var early: Pending?
    private var servingThread: Int32?

    /// A spawner of its own (tests); the host uses `shared`, whose thread serves every factory.
    init() {
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

    /// Starts a child for the first module a command will run, before the command has read its
    /// arguments or anything else: its exec and linking then overlap the command's whole start, and
    /// the exec, which waits while the child shares this process's memory, has the cores to itself.
    func startEarly(helper: String) {
        let pending = spawn(helper: helper, label: "spare")
        pthread_mutex_lock(mutex)
        early = pending
        pthread_mutex_unlock(mutex)
    }

    /// The child `startEarly(helper:)` started, handed out once, when it runs `helper`.
    func takeEarly(helper: String) -> Pending? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let pending = early, pending.helper == helper else { return nil }
        early = nil
        return pending
    }

    /// Has `pending`'s child take its sandbox's steps ahead while it waits for its module: sends it
    /// `ahead` (SANDBOX_AHEAD, with the module's TMPDIR made then) now when it runs already, else as soon
    /// as it does, on the spawner's thread. Either way before anyone takes it, so no channel writes the
    /// socket meanwhile.
    func splitAhead(_ pending: Pending, with ahead: ModuleSandboxAhead) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if case .success(let process)? = pending.result {
            Self.send(ahead, to: process)
        } else if pending.result == nil {
            pending.ahead = ahead
        }
    }

    private static func send(_ ahead: ModuleSandboxAhead, to process: ModuleHostProcess) {
        guard !process.isSplitAhead else { return }
        process.isSplitAhead = ahead.send(to: process)
    }

    /// The kernel's id of the spawner's thread, once it runs (`/proc/self/task/TID`).
    var threadID: Int32? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return servingThread
    }

    /// Waits until `pending`'s child has been started (or has failed to start).
    func take(_ pending: Pending) -> Result<ModuleHostProcess, ModuleHostStartError> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = pending.result {
                // Handed over whole: the spawner's thread may still hold `pending` a moment, and with the
                // result in it the child would end there, after its owner let it go.
                pending.result = nil
                return result
            }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// The spawner thread's name (`/proc/PID/task/TID/comm`).
    static let threadName = "tabhost-spawner"

    /// Starts the thread with every asynchronous signal blocked, from its first instruction: a signal
    /// sent to the process must reach a thread that handles it (`tabhost serve` ignores SIGTERM and
    /// takes it from a dispatch source, which a thread not blocking it would swallow).
    private func startThread() -> Bool {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigfillset(&blocked)
        for synchronous in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP] { sigdelset(&blocked, synchronous) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard let thread = PosixThread.start({ [self] in serve() }) else { return false }
        pthread_detach(thread)
        return true
    }

    /// The thread's body: starts each child asked for, in order, for as long as the process runs.
    private func serve() {
        // Named before its first spawn, for `ps -L` and /proc.
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = Self.threadName.withCString { write(comm, $0, strlen($0)) }
            close(comm)
        }
        // "/proc/thread-self" links to "PID/task/TID".
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        let tid =
            length > 0
            ? String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/").last.flatMap {
                Int32($0)
            } : nil
        pthread_mutex_lock(mutex)
        servingThread = tid
        pthread_mutex_unlock(mutex)
        while true {
            pthread_mutex_lock(mutex)
            while requests.isEmpty { pthread_cond_wait(condition, mutex) }
            let pending = requests.removeFirst()
            pthread_mutex_unlock(mutex)
            var result: Result<ModuleHostProcess, ModuleHostStartError>? = Result { () throws(ModuleHostStartError) in
                try ModuleHostProcess(helper: pending.helper, label: pending.label)
            }
            pthread_mutex_lock(mutex)
            if let ahead = pending.ahead, case .success(let process)? = result { Self.send(ahead, to: process) }
            pending.ahead = nil
            pending.result = result
            // Let go before the taker can run: a reference held here a moment longer would keep the
            // child alive after its owner let it go, and the child would end on this thread, late.
            result = nil
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
            ModuleSandboxProfile.sweepKilledHosts()
        }
    }
}
