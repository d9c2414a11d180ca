import FoundationEssentials
import Glibc
import TabModuleLoading

/// The private copy directories of the live hosts: `tabhost-PID*` under a root whose PID runs, other
/// than this process, that are this user's own and closed to others (`ModuleCopyDirectory.isOwnPrivateDirectory`:
/// under a shared root such as `/dev/shm` another user could make one, with a status file of its
/// choosing). Each holds the status file `tabhost inspect` reads.
enum RunningHostDirectories {
    /// The live hosts' process ids and copy directories under `root`, sorted by directory name.
    static func live(root: String = ModuleCopyDirectory.defaultRoot()) -> [(pid: Int32, directory: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        var found: [(pid: Int32, directory: String)] = []
        for entry in entries.sorted() where entry.hasPrefix("tabhost-") {
            let digits = entry.dropFirst("tabhost-".count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != getpid(), kill(pid, 0) == 0 || errno == EPERM else { continue }
            let directory = root + "/" + entry
            guard ModuleCopyDirectory.isOwnPrivateDirectory(directory) else { continue }
            found.append((pid, directory))
        }
        return found
    }
}
