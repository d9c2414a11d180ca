#if canImport(Glibc)
import Glibc
#endif

extension ModuleGrant {
    /// The file a grant to the module of `info` is keyed by: its file with symbolic links resolved (as
    /// given when it cannot be resolved).
    public static func file(of info: ModuleInfo) -> String {
        ModuleFileReader.resolved(info.sourcePath)
    }
}
