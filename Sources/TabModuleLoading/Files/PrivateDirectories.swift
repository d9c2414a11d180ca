#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Directories the host keeps for itself (its log, its state, a module's data), made 0700.
package enum PrivateDirectories {
    /// Makes `path` and each missing parent with mode 0700 (existing ones are left as they are); returns the
    /// directory that could not be made and why (`errno`), or nil.
    package static func make(_ path: String) -> (path: String, code: Int32)? {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return (made, errno) }
        }
        return nil
    }
}
