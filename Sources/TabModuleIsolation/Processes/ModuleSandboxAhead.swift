import Glibc
import TabModuleLoading

/// What a spare child is sent to take its sandbox's steps ahead while it waits (`SANDBOX_AHEAD`): the
/// next LOAD's shape, whatever its module (see `ModuleSandboxProfile`), and the private temporary
/// directory made for that module now, which the child mounts its TMPDIR's tmpfs over. Sent from the
/// spawner's thread once the child runs (`ModuleHostSpawner.splitAhead`), so neither the directory nor
/// the mount is part of a module's start.
struct ModuleSandboxAhead: Sendable {
    /// LOAD's `max_processes`.
    var processLimit: UInt64 = ModuleSandboxProfile.processLimit

    /// Makes the directory, sends the frame, and gives `process` the directory (false, and nothing
    /// kept, when the frame could not be written: the child then takes every step at LOAD).
    func send(to process: ModuleHostProcess) -> Bool {
        let directory = try? ModuleSandboxProfile.makeTemporaryDirectory(for: "spare").get()
        var writer = WireWriter(.sandboxAhead)
        writer.u64(processLimit)
        writer.u8(1)
        writer.string(directory)
        guard process.writeBeforeChannel(writer.frame(seq: 0)) else {
            if let directory { FileTreeRemoval.remove(directory) }
            return false
        }
        process.temporaryDirectory = directory
        return true
    }
}
