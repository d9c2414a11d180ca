#if canImport(Glibc)
import Glibc
#endif

/// The claim a running session holds on its `--state` file: an exclusive `flock` on `PATH.lock` (mode
/// 0600, holding the holder's PID) for as long as this object lives.
///
/// Two hosts given one state file would each overwrite the other's saves, and the one quitting last would
/// silently win; the second is refused at its start instead, naming the first. A lock file that cannot be
/// made (a missing or read-only directory) claims nothing: saving into such a place fails with its own line.
public final class StateFileLock: Sendable {
    /// The lock file's path (`PATH.lock`).
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// What `claim` found.
    public enum Outcome: Sendable {
        /// The file is this session's until the lock goes away.
        case claimed(StateFileLock)
        /// Another process holds it: one line naming the file, the holder and what to do.
        case held(String)
        /// No lock file could be made there; the session runs unguarded.
        case unavailable
    }

    /// Claims the state file at `statePath` for this process.
    public static func claim(_ statePath: String) -> Outcome {
        let path = statePath + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return .unavailable }
        var info = stat()
        // Another user's file (made first in a shared directory) is not a lock of ours: its holder could keep
        // this session out, or name a PID of its choosing.
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            close(fd)
            return .unavailable
        }
        var locked: Int32
        repeat { locked = flock(fd, LOCK_EX | LOCK_NB) } while locked != 0 && errno == EINTR
        guard locked == 0 else {
            let code = errno
            let holder = code == EWOULDBLOCK ? holderPID(fd) : nil
            close(fd)
            guard code == EWOULDBLOCK else { return .unavailable }
            let who = holder.map { "another tabhost (PID \($0))" } ?? "another tabhost"
            return .held(
                "\(statePath): \(who) is using this state file; quit it first, or give this one another --state FILE")
        }
        // Only the holder writes it, so a reader sees one whole PID or nothing.
        _ = fchmod(fd, 0o600)
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 { _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
        return .claimed(StateFileLock(path: path, descriptor: fd))
    }

    /// The PID the holder wrote, when it is one.
    private static func holderPID(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int32(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }
}
