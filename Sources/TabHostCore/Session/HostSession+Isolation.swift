import TabModules

extension HostSession {
    /// Watches out-of-process modules' children on the session's loop and says in the status line
    /// when one stops or stops answering (the log has the same lines, with the module's name).
    func watchModuleProcesses(_ factory: OutOfProcessModuleInstanceFactory) {
        factory.attach(to: EventLoopModuleProcessLoop(loop))
        factory.onEvent = { [weak self] module, event in
            switch event {
            case .stopped(let failure):
                self?.showStatus("\(module.title) stopped: \(failure); Restart is on its tab")
            case .notResponding:
                self?.showStatus("\(module.title) is not responding")
            case .responding:
                self?.showStatus("\(module.title) responds again")
            }
        }
    }
}
