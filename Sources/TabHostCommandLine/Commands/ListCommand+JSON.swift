import TabModuleLoading

extension ListCommand {
    /// What `tabhost list --json` prints: an array of `tabhost inspect --json` objects, one per file.
    static func json(_ entries: [ModuleRegistry.Entry]) -> String {
        InspectReport.json(
            entries.compactMap { entry -> InspectReport? in
                guard var report = InspectReport(entry) else { return nil }
                report.runningHosts = RunningHostReport.find(name: report.module?.name, file: entry.path)
                return report
            })
    }
}
