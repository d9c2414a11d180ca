import TabModuleBundle
import TabModuleLoading

extension ListCommand {
    /// What `tabhost list --json` prints for `entries` at `indices`: an array of `tabhost inspect --json` objects, one per file
    /// (the permissions store read once for all), with `bundle` for the files of installed bundles.
    static func json(_ entries: [ModuleRegistry.Entry], _ indices: [Int]) -> String {
        let store = InspectCommand.grantStore()
        return InspectReport.json(
            indices.compactMap { index -> InspectReport? in
                let entry = entries[index]
                guard var report = InspectReport(entry) else { return nil }
                report.runningHosts = RunningHostReport.find(name: report.module?.name, file: entry.path)
                if let info = report.module { report.granted = InspectCommand.granted(to: info, in: store) }
                report.bundle = InstalledBundle.containing(moduleFile: entry.path)
                return report
            })
    }
}
