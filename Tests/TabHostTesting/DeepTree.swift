import Glibc

/// A chain of directories `depth` levels deep (`d/d/d/…`), made through descriptors as a module could
/// make it in its data directory, whatever the length of its path.
public enum DeepTree {
    /// Makes the chain under the directory `root`; `visit(level, fd)` runs in each new directory (level 1
    /// is `root/d`) with its open descriptor, to put files there. Throws when a level cannot be made.
    public static func make(under root: String, depth: Int, visit: (Int, Int32) throws -> Void = { _, _ in }) throws {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FixtureError("cannot open \(root)") }
        defer { close(fd) }
        for level in 1...depth {
            guard mkdirat(fd, "d", 0o700) == 0 else { throw FixtureError("mkdir at level \(level): errno \(errno)") }
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw FixtureError("open at level \(level): errno \(errno)") }
            close(fd)
            fd = next
            try visit(level, fd)
        }
    }

    /// Writes `size` bytes to a new file `name` in the open directory `fd`.
    public static func writeFile(_ name: String, size: Int, in fd: Int32) throws {
        let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw FixtureError("cannot make \(name): errno \(errno)") }
        defer { close(file) }
        let bytes = [UInt8](repeating: 0x78, count: size)
        guard write(file, bytes, size) == size else { throw FixtureError("cannot write \(name)") }
    }
}
