import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

extension ModuleGrantStore {
    /// The file's grants, none when there is no file; throws when it cannot be trusted (owner, mode,
    /// size), read or decoded.
    static func read(_ path: String) throws(ModuleGrantStoreError) -> [ModuleGrant] {
        func refused(_ reason: String, _ hint: String) -> ModuleGrantStoreError {
            ModuleGrantStoreError(path: path, reason: reason + "; no permissions are granted from it", hint: hint)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return [] }
            throw refused("cannot open it: \(Errno(rawValue: code).description)", "make it a readable file of yours or move it away")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw refused("not a regular file", "move it away")
        }
        // Anyone who can write the file could grant a module anything.
        guard info.st_uid == getuid(), !ModuleFileReader.writableByOthers(info.st_mode) else {
            throw refused(
                "owned by another user or writable by others (mode \(String(info.st_mode & 0o7777, radix: 8)))",
                "check its content, then chmod 600 it (or move it away)")
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            throw refused("\(size) bytes, more than the \(maximumBytes) allowed", "move it away")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= maximumBytes {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw refused("cannot read it: \(Errno(rawValue: errno).description)", "move it away") }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        do throws(ModuleGrantsFileProblem) {
            return try ModuleGrantsFile.decode(bytes)
        } catch {
            throw refused(error.reason, "fix it or move it away (tabhost then starts a new one)")
        }
    }

    /// Writes `bytes` to a temporary file (0600) next to `path`, syncs it and renames it over `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ModuleGrantStoreError) {
        func failed(_ what: String, _ code: Int32) -> ModuleGrantStoreError {
            ModuleGrantStoreError(
                path: path, reason: "\(what): \(Errno(rawValue: code).description)", hint: "check the directory's owner and free space")
        }
        let directory = ModuleFileReader.parentDirectory(of: path)
        try makeDirectories(directory, path: path)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw failed(error.step, error.code)
        }
    }

    /// `mkdir -p` with mode 0700 for what it creates.
    private static func makeDirectories(_ directory: String, path: String) throws(ModuleGrantStoreError) {
        var info = stat()
        if stat(directory, &info) == 0 { return }
        let parent = ModuleFileReader.parentDirectory(of: directory)
        if parent != directory && parent != "." && parent != "/" { try makeDirectories(parent, path: path) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw ModuleGrantStoreError(
                path: path, reason: "cannot create \(directory): \(Errno(rawValue: errno).description)",
                hint: "check that its parent is yours and writable")
        }
    }
}
