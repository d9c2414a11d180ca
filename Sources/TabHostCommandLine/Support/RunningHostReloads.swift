import FoundationEssentials
import Glibc
import TabModuleLoading
import TabModuleRuntime

/// The running hosts that show a module, and what each did with the new version `tabhost update`
/// or `tabhost rollback` just put in place: read from the status file each host keeps in its
/// private copy directory (the channel `tabhost inspect` reads), waited for with a deadline.
struct RunningHostReloads {
    /// One running host's answer.
    struct Answer: Equatable {
        /// The host's process id.
        var pid: Int32
        /// Its outcome (`kept`, `fresh`, `refused`), nil for no answer before the deadline.
        var outcome: ModuleReloadOutcome?

        /// True when the host runs the new version.
        var reloaded: Bool { outcome?.outcome == "kept" || outcome?.outcome == "fresh" }

        /// `running host PID: reloaded, state kept` / `reloaded fresh: …` / `kept 0.2.0: …` / `no answer`.
        var line: String {
            guard let outcome else { return "running host \(pid): no answer" }
            // The host's own line goes on after these words: where the state is kept, why it refused.
            func after(_ words: String) -> String? {
                outcome.reason.firstRange(of: words).map { String(outcome.reason[$0.upperBound...]) }
            }
            switch outcome.outcome {
            case "kept": return "running host \(pid): reloaded, state kept"
            case "fresh":
                return "running host \(pid): reloaded fresh: restore_state refused the old state\(after("refused the old state") ?? "")"
            default:
                return "running host \(pid): kept \(outcome.version ?? "the old version"): \(after("old version kept: ") ?? outcome.reason)"
            }
        }
    }

    /// The module.
    let name: String
    /// Where the hosts' copy directories are.
    let root: String
    /// The live hosts (other than this process) with a private copy of the module, by pid, and their
    /// copy directories; taken before the module's file changes.
    let hosts: [(pid: Int32, directory: String)]
    /// When the file was about to change (outcomes before it are of an older change).
    let since: Int

    /// Takes the hosts showing module `name` now (call before the file changes).
    init(name: String, root: String = ModuleCopyDirectory.defaultRoot()) {
        self.name = name
        self.root = root
        since = ModuleReloadOutcome.now()
        var hosts: [(Int32, String)] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for entry in entries.sorted() where entry.hasPrefix("tabhost-") {
            let digits = entry.dropFirst("tabhost-".count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != getpid(), kill(pid, 0) == 0 || errno == EPERM else { continue }
            let directory = root + "/" + entry
            // A copy is `NAME.GEN.so`: the host has loaded (shows) the module.
            let copies = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            guard copies.contains(where: { Self.isCopy($0, of: name) }) else { continue }
            hosts.append((pid, directory))
        }
        self.hosts = hosts
    }

    static func isCopy(_ file: String, of name: String) -> Bool {
        guard file.hasPrefix(name + "."), file.hasSuffix(".so") else { return false }
        let generation = file.dropFirst(name.count + 1).dropLast(3)
        return !generation.isEmpty && generation.allSatisfy(\.isNumber)
    }

    /// Waits until each host has said what it did with the module since `since`, or `deadline` passed.
    func wait(deadline: Duration) -> [Answer] {
        var answers: [Int32: ModuleReloadOutcome] = [:]
        let end = ContinuousClock.now + deadline
        while true {
            for host in hosts where answers[host.pid] == nil {
                let status = HotReloadStatusFile(directory: host.directory).read()
                let latest = status?.reloads?.filter { $0.module == name && $0.at >= since }.max { $0.at < $1.at }
                if let latest { answers[host.pid] = latest }
            }
            if answers.count == hosts.count || ContinuousClock.now >= end { break }
            usleep(50_000)
        }
        return hosts.map { Answer(pid: $0.pid, outcome: answers[$0.pid]) }
    }
}
