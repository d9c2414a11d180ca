#if canImport(Glibc)
import Glibc
#endif

/// Runs a project's release build with its output in a log file, and keeps the log's tail for a failure.
enum ReleaseBuild {
    /// How many lines of a failed build's log are shown.
    static let tailLines = 20

    /// Runs `command` (argv, the first looked up in PATH; it names the project itself: `make -C`, `--package-path`)
    /// for the project in `directory`; throws the log's tail and one line when it fails.
    static func run(_ command: [String], in directory: String) throws {
        var template = Array("/tmp/tabhost-pack-build-XXXXXX".utf8CString)
        let logFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard logFD >= 0 else {
            throw BundleCommandError("cannot make a build log in /tmp: \(String(cString: strerror(errno))); check /tmp and try again")
        }
        let logPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer {
            close(logFD)
            unlink(logPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logFD, 1)
        posix_spawn_file_actions_adddup2(&actions, logFD, 2)
        let arguments = command.map { strdup($0) } + [nil]
        defer {
            for argument in arguments { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, command[0], &actions, nil, arguments, environ)
        let shown = command.joined(separator: " ")
        guard spawned == 0 else {
            throw BundleCommandError(
                "\(directory): cannot run `\(shown)`: \(String(cString: strerror(spawned))); install it and pack again")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        let code = (status >> 8) & 0xFF
        guard !exited || code != 0 else { return }
        let tail = Self.tail(of: logPath)
        let how = exited ? "exited with status \(code)" : "was killed by signal \(status & 0x7F)"
        throw BundleCommandError(
            "\(directory): the release build failed (`\(shown)` \(how)); fix what the log above says and pack again", log: tail)
    }

    private static func tail(of path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            var text = String(cString: line)
            if text.hasSuffix("\n") { text.removeLast() }
            lines.append(text)
            if lines.count > tailLines { lines.removeFirst() }
        }
        return lines
    }
}
