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
            let path = root + "/" + entry + "/" + HotReloadStatusFile.fileName
            guard let data = FileManager.default.contents(atPath: path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let refused = object["refused"] as? [[String: Any]]
            else { continue }
            for item in refused {
                guard let itemFile = item["file"] as? String, let reason = item["reason"] as? String else { continue }
                let module = item["module"] as? String
                if (name != nil && module == name) || (file != nil && itemFile == file) {
                    found.append(RunningHostRefusal(pid: pid, module: module, file: itemFile, reason: reason))
                }
            }
        }
        return found
    }
}
