import FoundationEssentials
import TabModuleLoading
import TabModuleRuntime

/// What a running `tabhost run` reports about a module in its status file: a refused reload (the
/// old version keeps running), its process stopped or not responding, or a permission its sandbox
/// refused ("exec denied: grant `exec` (tabhost grant NAME exec)").
struct RunningHostReport: Equatable, Encodable {
    /// What the running host says about the module.
    enum State: String {
        /// A reload of its file was refused.
        case refused
        /// Its process stopped: its tabs show the stopped screen with Restart.
        case stopped
        /// Its process does not answer.
        case notResponding
        /// Its sandbox refused what a permission would allow (`reason` names the permission).
        case denied
    }

    /// The running host's process id.
    var pid: Int32
    /// The module concerned (nil when a refused file never provided one).
    var module: String?
    /// The refused file; nil for a process state.
    var file: String?
    /// Refused, stopped or not responding.
    var state: State
    /// The one-line reason, as the host showed it.
    var reason: String
    /// For a process state, the module's crashes that count toward the crash-loop rule.
    var crashes: Int?

    /// The text line `tabhost inspect` prints.
    var line: String { "running host \(pid): \(reason)" }

    /// The JSON object `tabhost inspect --json` prints in `runningHosts` (`module` and `file` as `null`
    /// when absent, `crashes` only for a process state).
    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        try object.encode(Int(pid), forKey: .pid)
        try object.encode(module, forKey: .module)
        try object.encode(file, forKey: .file)
        try object.encode(state.rawValue, forKey: .state)
        try object.encode(reason, forKey: .reason)
        try object.encodeIfPresent(crashes, forKey: .crashes)
    }

    private enum Key: String, CodingKey { case pid, module, file, state, reason, crashes }

    /// The reports of live hosts (directories of private copies `tabhost-PID*` under `root` whose PID runs, other
    /// than this process) about module `name` or module file `file`: refusals first, then the module's
    /// process state, then the permissions its sandbox refused.
    static func find(name: String?, file: String?, root: String = ModuleCopyDirectory.defaultRoot()) -> [RunningHostReport] {
        var found: [RunningHostReport] = []
        for (pid, directory) in RunningHostDirectories.live(root: root) {
            guard let status = HotReloadStatusFile(directory: directory).read() else { continue }
            for item in status.refused where (name != nil && item.module == name) || (file != nil && item.file == file) {
                found.append(
                    RunningHostReport(pid: pid, module: item.module, file: item.file, state: .refused, reason: item.reason))
            }
            for item in status.modules ?? [] where name != nil && item.module == name {
                let state: State = item.state == .stopped ? .stopped : .notResponding
                found.append(
                    RunningHostReport(
                        pid: pid, module: item.module, file: nil, state: state, reason: item.reason, crashes: item.crashes))
            }
            for item in status.denied ?? [] where name != nil && item.module == name {
                for line in item.lines {
                    found.append(RunningHostReport(pid: pid, module: item.module, file: nil, state: .denied, reason: line))
                }
            }
        }
        return found
    }
}
