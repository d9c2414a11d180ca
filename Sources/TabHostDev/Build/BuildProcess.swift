import Glibc
import SystemPackage
import _CDevShims

/// One run of a project's build command: a process group of its own (so cancelling it stops the
/// compiler and linker too), asked to stop (SIGTERM) when tabhost is killed, stdin on /dev/null, stdout
/// and stderr into one close-on-exec pipe that the caller reads without blocking.
final class BuildProcess {
    /// The build's pid, which is also its process group.
    let pid: pid_t
    /// The read end of the output pipe (non-blocking, close-on-exec).
    let output: Int32
    /// Everything the build printed so far.
    private(set) var log: [UInt8] = []
    /// When it started.
    let started = ContinuousClock.now
    private var reaped: Int32?

    /// Starts `command` (argv; the program is looked up in `PATH`).
    init(command: [String]) throws(DevError) {
        var fds: [Int32] = [-1, -1]
        guard tabhost_dev_pipe(&fds) == 0 else {
            throw DevError(.spawnFailed, "cannot make a pipe for the build: \(Errno(rawValue: errno).description)")
        }
        var arguments = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var error: Int32 = 0
        let child = tabhost_dev_spawn_build(&arguments, fds[1], &error)
        close(fds[1])
        guard child > 0 else {
            close(fds[0])
            let commandLine = command.joined(separator: " ")
            let reason = Errno(rawValue: error).description
            throw DevError(.spawnFailed, "cannot run `\(commandLine)`: \(reason); install \(command[0]) or put it in PATH")
        }
        pid = child
        output = fds[0]
    }

    deinit {
        close(output)
        if reaped == nil {
            kill(-pid, SIGKILL)
            _ = waitStatus()
        }
    }

    /// Reads what the pipe holds without blocking; true once every writer has closed it.
    func readAvailable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count > 0 {
                log += buffer[0..<count]
            } else if count == 0 {
                return true
            } else if errno == EINTR {
                continue
            } else {
                return false  // EAGAIN: nothing more for now
            }
        }
    }

    /// Reads until end of file, blocking (the first build, before the host runs).
    func readToEnd() {
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while !readAvailable() {
            _ = poll(&ready, 1, -1)
        }
    }

    /// Signals the whole group (the build tool and the compilers it started).
    func signal(_ number: Int32) {
        guard reaped == nil else { return }
        kill(-pid, number)
    }

    /// Waits for the build tool to exit (call after end of file) and returns its wait status.
    func waitStatus() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = status
        return status
    }

    /// The log as text (invalid UTF-8 repaired).
    var text: String { String(decoding: log, as: UTF8.self) }
}
