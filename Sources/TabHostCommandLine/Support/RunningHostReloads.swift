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

    /// Takes the hosts showing module `name` from `directory` now (call before the file changes). A host
    /// whose module directories are known and do not hold `directory` shows another module of that name
    /// (another user's tree, a test's), and is not waited for.
    init(name: String, directory: String? = nil, root: String = ModuleCopyDirectory.defaultRoot()) {
        self.name = name
        self.root = root
        since = ModuleReloadOutcome.now()
        var hosts: [(Int32, String)] = []
        for (pid, copyDirectory) in RunningHostDirectories.live(root: root) {
            // A copy of the module's file: the host has loaded (shows) the module.
            let copies = (try? FileManager.default.contentsOfDirectory(atPath: copyDirectory)) ?? []
            guard copies.contains(where: { ModuleCopyDirectory.isCopy($0, of: name) }) else { continue }
            if let modules = directory, Self.watchedDirectories(of: pid).map({ $0.contains(ModuleFileReader.resolved(modules)) }) == false {
                continue
            }
            hosts.append((pid, copyDirectory))
        }
        self.hosts = hosts
    }

    /// The module directories the host `pid` loads from, resolved: its `--modules DIR…` arguments, else
    /// the user's modules directory of its environment; nil when its command line or environment cannot
    /// be read (then it counts as showing the module).
    static func watchedDirectories(of pid: Int32) -> [String]? {
        guard let arguments = procStrings("/proc/\(pid)/cmdline"), let environment = procStrings("/proc/\(pid)/environ") else {
            return nil
        }
        var directories: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if arguments[index] == "--modules" {
                index += 1
                while index < arguments.endIndex, !arguments[index].hasPrefix("-") {
                    directories.append(ModuleFileReader.resolved(arguments[index]))
                    index += 1
                }
                continue
            }
            if arguments[index].hasPrefix("--modules=") {
                directories.append(ModuleFileReader.resolved(String(arguments[index].dropFirst(10))))
            }
            index += 1
        }
        if !directories.isEmpty { return directories }
        let variables = Dictionary(
            environment.compactMap { line in line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            },
            uniquingKeysWith: { first, _ in first })
        if let data = variables["XDG_DATA_HOME"], data.hasPrefix("/") { return [ModuleFileReader.resolved(data + "/tabhost/modules")] }
        if let home = variables["HOME"], home.hasPrefix("/") { return [ModuleFileReader.resolved(home + "/.local/share/tabhost/modules")] }
        return nil
    }

    /// The NUL-separated strings of a /proc file (a process's command line or environment).
    private static func procStrings(_ path: String) -> [String]? {
        ProcFile.bytes(path)?.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
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
