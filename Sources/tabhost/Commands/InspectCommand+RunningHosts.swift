import Foundation
import TabModules

/// One refused reload a running `tabhost run` reports in its status file.
struct RunningHostRefusal: Equatable {
    /// The running host's process id.
    var pid: Int32
    /// The module whose old version keeps running (nil when the file never provided one).
    var module: String?
    /// The refused file.
    var file: String
    /// The one-line reason, as the host showed it.
    var reason: String

    /// The text line `tabhost inspect` prints.
    var line: String { "running host \(pid): \(reason)" }

    /// The JSON object `tabhost inspect --json` prints in `runningHosts`.
    var jsonObject: [String: Any] {
        ["pid": Int(pid), "module": module ?? NSNull(), "file": file, "reason": reason]
    }

    /// The refusals of live hosts (cache directories `tabhost-PID*` under `root` whose PID runs,
    /// other than this process) about module `name` or module file `file`.
    static func find(name: String?, file: String?, root: String = ModuleCache.defaultRoot()) -> [RunningHostRefusal] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var found: [RunningHostRefusal] = []
        for entry in entries.sorted() where entry.hasPrefix("tabhost-") {
            let digits = entry.dropFirst("tabhost-".count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != getpid(), kill(pid, 0) == 0 || errno == EPERM else { continue }
            guard let status = HotReloadStatusFile(directory: root + "/" + entry).read() else { continue }
            for item in status.refused where (name != nil && item.module == name) || (file != nil && item.file == file) {
                found.append(RunningHostRefusal(pid: pid, module: item.module, file: item.file, reason: item.reason))
            }
        }
        return found
    }
}
