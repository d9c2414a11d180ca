import Logging

extension IsolationSettings {
    /// The scanner child every command and session opens module files with (`list`, `inspect`,
    /// `grant`, `revoke`, `permissions`, `check-layout`, `pack`, `install`, `update`, `run`, `serve`,
    /// `dev`): confined by `sandbox`, which is on unless the user said `--sandbox off`. The one place a
    /// scanner is made outside this module (a test fails when another place makes one).
    public func scanner(logger: Logger, timeout: Duration = .seconds(5)) -> ModuleScanner {
        ModuleScanner(settings: self, timeout: timeout, hostOpensFiles: false, logger: logger)
    }

    /// The module children of a session (`run`, `serve`, `dev`), confined by `sandbox`: the one place
    /// they are made outside this module.
    public func moduleChildren(logger: Logger, now: @escaping () -> ContinuousClock.Instant = { .now })
        -> OutOfProcessModuleInstanceFactory
    {
        OutOfProcessModuleInstanceFactory(settings: self, logger: logger, now: now)
    }
}
