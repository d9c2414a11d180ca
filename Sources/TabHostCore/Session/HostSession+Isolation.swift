import TabModuleIsolation
import TabModuleRuntime

extension HostSession {
    /// Watches out-of-process modules' children on the session's loop, says in the status line when
    /// one stops or stops answering (the log has the same lines, with the module's name), and
    /// publishes which modules are stopped or not responding, and what their sandboxes refused, in the
    /// status file `tabhost inspect` reads.
    func watchModuleProcesses(_ factory: OutOfProcessModuleInstanceFactory) {
        factory.attach(to: loop)
        processes = factory
        factory.onEvent = { [weak self, weak factory] module, event in
            switch event {
            case .stopped(let failure):
                if let crashLoop = factory?.crashLoop(of: module.name) {
                    self?.showStatus("\(module.title) stopped: \(failure) (\(crashLoop))")
                } else {
                    self?.showStatus("\(module.title) stopped: \(failure); Restart is on its tab")
                }
            case .notResponding:
                self?.showStatus("\(module.title) is not responding")
            case .responding:
                self?.showStatus("\(module.title) responds again")
            case .dataDirectoryOverLimit(let bytes, let limit):
                self?.showStatus(
                    "\(module.title) keeps \(bytes >> 20) MiB in its data directory, over its soft limit of \(limit >> 20) MiB")
            }
        }
        factory.onStatesChanged = { [weak self] states in self?.reloader.moduleStates = states }
        reloader.moduleStates = factory.moduleStates
        factory.onDeniedChanged = { [weak self] denied in self?.reloader.deniedPermissions = denied }
    }
}
