/// What happened to a module's child process, for the host's status line.
public enum ModuleProcessEvent: Sendable, Hashable {
    /// The child stopped (crash, exit, killed after a hang); its tabs show Restart.
    case stopped(ModuleHostFailure)
    /// A call passed the hang timeout; `call` names it ("event \"hang\"").
    case notResponding(call: String?)
    /// It answers again after not responding.
    case responding
    /// Its `data_dir` holds `bytes`, over the soft `limit` (`IsolationSettings.dataDirectorySoftLimit`;
    /// said once per child).
    case dataDirectoryOverLimit(bytes: UInt64, limit: UInt64)
}
