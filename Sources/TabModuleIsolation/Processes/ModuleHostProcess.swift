import Glibc
import TabModuleLoading
import _CIsolation

/// One running `tabhost-module-host` child: its pid and the host's ends of its descriptors.
///
/// `terminate()` (or deinit) ends it for good: closes the socket (the child exits at end-of-file),
/// waits briefly, then kills its whole process group (forks of the module included) and reaps it.
final class ModuleHostProcess {
    let pid: pid_t
    /// The socket; the channel reads and writes it.
    let socket: Int32
    /// The read end of the child's stdout and stderr.
    let output: Int32
    /// Readable once the child exited (-1 where pidfds are unsupported).
    let pidDescriptor: Int32
    /// How it ended, once reaped.
    private(set) var exit: ModuleHostExit?
    /// True once it was sent SANDBOX_AHEAD: it has made its sandbox's namespaces and split, and must
    /// load only a module whose sandbox is on and not unrestricted (`ModuleHostSpawner.splitAhead`).
    var isSplitAhead = false {
        didSet { if isSplitAhead { endsOnRequest = true } }
    }
    /// The private temporary directory made for the module this spare child will run, which it
    /// mounted its TMPDIR's tmpfs over while it waits (`ModuleSandboxAhead`). That module's profile
    /// takes it over (`takeTemporaryDirectory()`); one never taken is removed with this object.
    var temporaryDirectory: String?
    /// True once it was sent what makes it split for its sandbox (SANDBOX_AHEAD, a LOAD or a SCAN with
    /// the sandbox on): `kill()` then asks its first process to end the module (SIGTERM), which kills
    /// and reaps every process it started before it ends, rather than killing that process too, which
    /// would leave them for the system's init to reap. A child that had not split yet when asked takes
    /// SIGTERM's default action: it has opened nothing of a module's before it splits.
    var endsOnRequest = false
    /// When `kill()` asked it to end; `reap(block: true)` kills the group after `endGrace` from then.
    private var endRequested: ContinuousClock.Instant?
    private var closed = false
    private var pidClosed = false

    /// Starts `helper` for module `label` (shown by `ps`). Throws the spawn error's text.
    init(helper: String, label: String) throws(ModuleHostStartError) {
        var child = tabhost_isolation_child()
        var message = [CChar](repeating: 0, count: 512)
        guard tabhost_isolation_spawn(helper, label, &child, &message, message.count) == 0 else {
            throw ModuleHostStartError(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        pid = child.pid
        socket = child.socket_fd
        output = child.log_fd
        pidDescriptor = child.pid_fd
    }

    deinit {
        terminate()
        if let temporaryDirectory { FileTreeRemoval.remove(temporaryDirectory) }
    }

    /// Hands `temporaryDirectory` over to the caller, who removes it from then on.
    func takeTemporaryDirectory() -> String? {
        defer { temporaryDirectory = nil }
        return temporaryDirectory
    }

    /// True while the child has not been reaped and has not exited.
    var isRunning: Bool {
        guard exit == nil else { return false }
        return reap(block: false) == nil
    }

    /// Reaps the child if it exited (or waits for it when `block`); returns how it ended. Forks of
    /// the module in the child's process group are killed first.
    @discardableResult
    func reap(block: Bool) -> ModuleHostExit? {
        if let exit { return exit }
        if block, let asked = endRequested {
            // Its first process reaps what it started and ends within moments; if not, the group goes.
            endRequested = nil
            if !waitForExit(until: asked + Self.endGrace) { killGroup() }
            if let exit { return exit }
        }
        var status: Int32 = 0
        guard tabhost_isolation_reap(pid, block ? 1 : 0, &status) == 1 else { return nil }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as functions.
        let signal = status & 0x7f
        let ended: ModuleHostExit = signal != 0 && signal != 0x7f ? .signal(signal) : .exited((status >> 8) & 0xff)
        exit = ended
        return ended
    }

    /// Waits up to `timeout` for the child to exit by itself; true when it did.
    func waitForExit(_ timeout: Duration) -> Bool {
        waitForExit(until: .now + timeout)
    }

    /// Waits until `deadline` for the child to exit by itself; true when it did.
    private func waitForExit(until deadline: ContinuousClock.Instant) -> Bool {
        while reap(block: false) == nil {
            let wait = ModuleHostChannel.milliseconds(until: deadline)
            if wait == 0 { return false }
            if pidDescriptor >= 0 {
                var entry = pollfd(fd: pidDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, wait)
            } else {
                usleep(1000)
            }
        }
        return true
    }

    /// Kills the module's processes now: by its first process's hand when it split for its sandbox
    /// (`endsOnRequest`), else its whole process group (the child leads it: forks of the module go too).
    func kill() {
        guard exit == nil else { return }  // reaped: the pid may belong to someone else now
        if endsOnRequest {
            guard endRequested == nil else { return }
            endRequested = .now
            _ = Glibc.kill(pid, SIGTERM)
            return
        }
        killGroup()
    }

    private func killGroup() {
        guard exit == nil else { return }
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// How long a child asked to end (`endsOnRequest`) has before its whole group is killed: its first
    /// process only kills and reaps, which takes moments.
    static let endGrace: Duration = .milliseconds(500)

    /// Closes the host's ends of the socket and the output pipe (the child sees end-of-file); idempotent.
    func closeDescriptors() {
        guard !closed else { return }
        closed = true
        close(socket)
        close(output)
    }

    /// Writes `frame` whole on the socket before the connection's channel takes it (as that channel
    /// writes: no SIGPIPE from a child that died); false when it could not.
    func writeBeforeChannel(_ frame: [UInt8], passing passed: Int32 = -1) -> Bool {
        ModuleHostChannel(fd: socket, chunkBytes: 1).send(frame, passing: passed, deadline: .now + .milliseconds(100)) == .sent
    }

    /// Ends the child without waiting: closes the host's ends and kills its process group (the module
    /// was destroyed or the child has stopped: nothing is left to finish). Reap it later with
    /// `reap(block:)`, or let deinit do it.
    func end() {
        closeDescriptors()
        kill()
    }

    /// Ends the child for good: end-of-file first, then SIGKILL to its group after `grace`; reaps it.
    func terminate(grace: Duration = .milliseconds(100)) {
        closeDescriptors()
        if exit == nil && !waitForExit(grace) {
            kill()
        }
        reap(block: true)
        if pidDescriptor >= 0 && !pidClosed {
            pidClosed = true
            close(pidDescriptor)
        }
    }
}
