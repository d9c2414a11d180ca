import FoundationEssentials
import Glibc
import TabModuleLoading

/// A module child's processes as /proc shows them. The pid the host knows only waits: under the sandbox
/// the module's own process is a descendant of it, in a PID namespace of its own.
enum ChildProcessTree {
    /// User plus system CPU time of process `pid` and every process below it, from /proc/PID/stat; nil
    /// when `pid`'s cannot be read.
    static func cpuTime(of pid: Int32) -> Duration? {
        guard let own = ownCPUTicks(of: pid) else { return nil }
        var ticks = own
        var pending = children(of: pid)
        var seen: Set<Int32> = [pid]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            ticks += ownCPUTicks(of: next) ?? 0
            pending += children(of: next)
        }
        return .milliseconds(ticks * 1000 / max(1, sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The utime + stime ticks of `pid` alone, with its children's it has waited for (cutime + cstime):
    /// a process the module forks, works in and ends within a step is counted too.
    private static func ownCPUTicks(of pid: Int32) -> Int? {
        guard let data = ProcFile.bytes("/proc/\(pid)/stat", limit: 65536), let text = Optional(String(decoding: data, as: UTF8.self)),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command name (which may hold spaces) come the fields from the third on.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let user = Int(fields[11]), let system = Int(fields[12]), let waitedUser = Int(fields[13]),
            let waitedSystem = Int(fields[14])
        else { return nil }
        return user + system + waitedUser + waitedSystem
    }

    /// The children of every thread of `pid` (/proc/PID/task/TID/children).
    private static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            guard let data = ProcFile.bytes("/proc/\(pid)/task/\(task)/children", limit: 65536) else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// True when no thread of `pid` or of a process below it is running or runnable (state `R`); a
    /// process that is gone counts as idle.
    static func isIdle(_ pid: Int32) -> Bool {
        var pending = [pid]
        var seen: Set<Int32> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? []
            for task in tasks where state(of: "/proc/\(next)/task/\(task)/stat") == "R" { return false }
            pending += children(of: next)
        }
        return true
    }

    /// The state letter of a /proc stat file (after the command name, which may hold spaces).
    private static func state(of path: String) -> Character? {
        guard let data = ProcFile.bytes(path, limit: 65536), let text = Optional(String(decoding: data, as: UTF8.self)),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].first { $0 != " " }
    }
}
