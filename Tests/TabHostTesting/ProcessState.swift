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
        fields(of: pid).first == "Z"
    }

    /// True while `pid` can still run code of its own: it exists, is neither a zombie nor dead, and is
    /// not ending. A namespace's PID 1 that ends stays in the process table, not yet a zombie, until
    /// every process of its namespace has been reaped, and one whose parent is outside is reaped by the
    /// system's init whenever that gets to it: the kernel marks it PF_EXITING (the flags, field 9).
    public static func runs(_ pid: Int32) -> Bool {
        let fields = fields(of: pid)
        guard let state = fields.first, state != "Z", state != "X" else { return false }
        let flags = fields.count > 6 ? UInt32(fields[6]) ?? 0 : 0
        return flags & 0x4 == 0
    }

    /// Waits up to ten seconds (a loaded machine; a SIGKILL takes effect asynchronously) for `pid` to
    /// stop running (`runs`); true when it has.
    public static func hasEnded(_ pid: Int32) -> Bool {
        eventually { !runs(pid) }
    }

    /// Waits up to ten seconds for `condition`; true when it held.
    public static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// The children of `pid`, started by any of its threads (`/proc/PID/task/TID/children` lists a
    /// thread's own: the host starts its spare children on a thread of its own).
    public static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// The fields of `/proc/PID/stat` after the command name: state, parent, group, session, …; empty
    /// when there is no such process.
    public static func fields(of pid: Int32) -> [Substring] {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return [] }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
