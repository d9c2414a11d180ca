#if canImport(Glibc)
import Glibc
#endif

/// A private staging directory `.staging-XXXXXX` in a modules directory (0700, made by `mkdtemp`), held
/// with an exclusive `flock` for as long as this object lives and deleted when it goes away. The lock tells
/// `InstalledBundles.sweepAbandoned()` which staging directories a killed install left behind.
public final class InstallStaging {
    /// The directory.
    public let path: String
    private let fd: Int32

    init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit {
        FileTree.remove(path)
        close(fd)
    }
}
