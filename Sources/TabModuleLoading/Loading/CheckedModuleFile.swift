import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A module file that passed every check made before loading: its bytes and ELF facts (internal).
package struct CheckedModuleFile: Sendable {
    /// The absolute path the user installed the file at.
    var path: String
    /// The whole file, read once: the checks and the private copy see the same bytes.
    var bytes: [UInt8]
    /// What the ELF headers say.
    var facts: ELFFacts
    /// The version of the file the bytes were read from (`fstat` of the descriptor that read them).
    var stamp: ModuleFileStamp

    /// A file that passed the checks (the fuzz targets make one from any bytes that pass `ELFFacts`,
    /// with a zero stamp: they never compare versions).
    package init(
        path: String, bytes: [UInt8], facts: ELFFacts,
        stamp: ModuleFileStamp = ModuleFileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0)
    ) {
        self.path = path
        self.bytes = bytes
        self.facts = facts
        self.stamp = stamp
    }
}
