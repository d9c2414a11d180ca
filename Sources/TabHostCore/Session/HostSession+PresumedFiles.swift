import TabModuleLoading
import TabModuleRuntime

extension HostSession {
    /// How long after `start()` the checks of the files taken from the metadata cache begin when the
    /// first frame has not come by then (a module slow to answer its first render).
    static let presumedCheckLimit: Duration = .milliseconds(250)

    /// How many of those files one loop iteration checks: input and module replies are handled between
    /// batches.
    static let presumedCheckBatch = 64

    /// At the end of an iteration: once no isolated module owes an answer (the first frame is out), the
    /// checks begin.
    func startPresumedChecksAfterFirstFrame() {
        guard !presumedFiles.isEmpty, !isAwaitingModules else { return }
        startPresumedChecks()
    }

    /// Starts the `stat` checks that the registry skipped for the files the metadata cache knew
    /// (`SessionConfiguration.defersCachedFileChecks`), a batch per loop iteration.
    func startPresumedChecks() {
        if let presumedCheckTimer { loop.cancel(presumedCheckTimer) }
        presumedCheckTimer = nil
        let files = presumedFiles[...]
        presumedFiles = []
        checkPresumedFiles(files)
    }

    /// Checks a batch of `files` and schedules the rest. A module whose file changed since it was cached
    /// (or that the checks refuse now) is opened now, as its tab would open it, and reported the same way
    /// (`reloaded NAME (its file changed since it was cached)`, or its refusal); any other changed file
    /// (a cached refusal) is handled as a change the watcher saw, and one that is gone as its removal. A
    /// file whose module a tab opened meanwhile was checked by that opening and is skipped.
    private func checkPresumedFiles(_ files: ArraySlice<PresumedModuleFile>) {
        let registry = runtime.registry
        let options = registry.loader.options
        var events: [ModuleFileEvent] = []
        for file in files.prefix(Self.presumedCheckBatch) where registry.module(file: file.path) == nil {
            switch file.check(options: options) {
            case .unchanged:
                continue
            case .changed:
                if let name = registry.info(file: file.path)?.name {
                    _ = registry.module(named: name)
                } else {
                    events.append(.changed(file.path))
                }
            case .gone:
                events.append(.removed(file.path))
            }
        }
        if !events.isEmpty { applyFileEvents(events) }
        let rest = files.dropFirst(Self.presumedCheckBatch)
        guard !rest.isEmpty else { return }
        _ = loop.schedule(after: .zero) { [weak self] in self?.checkPresumedFiles(rest) }
    }
}
