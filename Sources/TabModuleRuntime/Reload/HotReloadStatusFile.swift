import FoundationEssentials
import Glibc

/// A running host's `HotReloadStatus`, kept as a small JSON file in its private cache directory so
/// `tabhost inspect` in another terminal can say why the old version still runs. Replaced
/// atomically (a temporary file, then a rename).
package struct HotReloadStatusFile: Sendable, Hashable {
    /// The file name inside a cache directory.
    public static let fileName = "status.json"

    /// The status file's path.
    public let path: String

    /// The status file of the cache directory `directory` (e.g. `ModuleCopyDirectory.directory`).
    public init(directory: String) {
        path = directory + "/" + Self.fileName
    }

    /// Writes `refusals` (sorted by file), `modules` and `denied` (sorted by name), `reloads`
    /// (sorted by file) and `timings` with this process's pid; returns false if the file could not be written.
    @discardableResult
    public func write(
        _ refusals: [HotReloadReport], modules: [ModuleProcessState] = [], denied: [ModuleDeniedPermissions] = [],
        reloads: [ModuleReloadOutcome] = [], timings: [String: [String: ModuleCallTimings]]? = nil
    ) -> Bool {
        let status = HotReloadStatus(
            pid: getpid(),
            refused: refusals.sorted { $0.file < $1.file }.map {
                HotReloadStatus.Refusal(module: $0.module, file: $0.file, reason: $0.message)
            },
            modules: modules.sorted { $0.module < $1.module },
            denied: denied.sorted { $0.module < $1.module },
            reloads: reloads.sorted { $0.file < $1.file }, timings: timings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(status) else { return false }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            return false
        }
    }

    /// The status a host wrote, or nil when the file is missing or malformed (a host that is
    /// exiting may remove it at any time, so neither is an error).
    public func read() -> HotReloadStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(HotReloadStatus.self, from: data)
    }
}
