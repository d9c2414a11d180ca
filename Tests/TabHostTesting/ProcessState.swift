import Foundation

/// What the kernel says of a process the tests started (a module's child, a host): for tests that
/// check a child was ended or reaped.
public enum ProcessState {
    /// True while a process with `pid` exists (a zombie counts: it was not reaped).
    public static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// True when `pid` has exited but was not reaped yet.
    public static func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Waits up to two seconds for `pid` to be gone or dead (a zombie its parent reaps later; a
    /// SIGKILL takes effect asynchronously); true when it is.
    public static func hasEnded(_ pid: Int32) -> Bool {
        for _ in 0..<200 {
            if !exists(pid) || isZombie(pid) { return true }
            usleep(10_000)
        }
        return false
    }
}
