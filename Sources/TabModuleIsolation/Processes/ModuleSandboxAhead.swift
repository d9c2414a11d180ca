import Glibc
import TabModuleLoading
import _CSandbox

/// What a child is sent to take its sandbox's steps ahead of LOAD (`SANDBOX_AHEAD`): the next LOAD's
/// shape, whatever its module (see `ModuleSandboxProfile`), the private temporary directory made for
/// that module now, which the child mounts its TMPDIR's tmpfs over, and the system paths' Landlock
/// ruleset, made here. A spare's is sent from the spawner's thread once it runs
/// (`ModuleHostSpawner.splitAhead`), so none of it is part of a module's start; a child started for its
/// module gets it right after its spawn (`ModuleHostConnection`), and takes those steps while the host
/// waits for its HELLO and makes the module's profile.
struct ModuleSandboxAhead: Sendable {
    /// LOAD's `max_processes`.
    var processLimit: UInt64 = ModuleSandboxProfile.processLimit
    /// Whether the child installs the seccomp filter's common part now, LOAD adding the rest: for a spare,
    /// which waits. A child whose LOAD follows at once installs the whole filter then, as one filter costs
    /// less to install than two.
    var filterAhead = true

    /// What to send a child whose modules run under `settings` and are granted `granted`; nil when
    /// nothing is taken ahead: the sandbox off, the tests' run without namespaces, or `unrestricted`
    /// granted (its namespaces would confine what must not be).
    init?(settings: IsolationSettings, granted: [String] = []) {
        guard settings.sandbox != .off, !granted.contains("unrestricted"),
            ModuleSearchPath.environment(ModuleSandboxProfile.withoutNamespacesVariable) != "1"
        else { return nil }
    }

    /// Makes the directory (named for `module`, `spare` while none is known), sends the frame, and gives
    /// `process` the directory (false, and nothing kept, when the frame could not be written: the child
    /// then takes every step at LOAD).
    func send(to process: ModuleHostProcess, for module: String = "spare") -> Bool {
        let directory = try? ModuleSandboxProfile.makeTemporaryDirectory(for: module).get()
        // The system paths' Landlock ruleset, made here rather than by the child, which then need not
        // spend its start on it: a child started for its module gets this while it execs and links.
        var skipped: UInt32 = 0
        let ruleset = tabhost_sandbox_make_system_ruleset(&skipped)
        defer { if ruleset >= 0 { close(ruleset) } }
        var writer = WireWriter(.sandboxAhead)
        writer.u64(processLimit)
        writer.u8(1)
        writer.string(directory)
        writer.u8(filterAhead ? 1 : 0)
        writer.u32(skipped)
        guard process.writeBeforeChannel(writer.frame(seq: 0), passing: ruleset) else {
            if let directory { FileTreeRemoval.remove(directory) }
            return false
        }
        process.temporaryDirectory = directory
        return true
    }
}
