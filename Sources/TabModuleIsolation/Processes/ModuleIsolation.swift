/// Where a session runs its modules.
public enum ModuleIsolation: String, Sendable, Hashable, CaseIterable {
    /// Each module (all its instances) in a child process of its own: a crash or hang stays on its tabs.
    case process
    /// In the host's process: for trusted modules and for measurement.
    case none
}
