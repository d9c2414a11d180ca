import TabModuleRuntime

extension HostSession {
    /// After an iteration that made module calls, the status file gets their timings a second later
    /// (`tabhost inspect NAME --timings`): one write a second at most, none while the host is idle.
    func publishCallTimingsSoon() {
        guard callTimingsTimer == nil, runtime.calls.generation != reloader.publishedCalls else { return }
        callTimingsTimer = loop.schedule(after: .seconds(1)) { [weak self] in
            guard let self else { return }
            callTimingsTimer = nil
            reloader.publishCallTimingsIfChanged()
        }
    }
}
