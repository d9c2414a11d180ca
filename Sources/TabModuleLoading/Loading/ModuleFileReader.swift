import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Reads and checks a module file before any `dlopen` (internal).
package enum ModuleFileReader {
    /// Runs the pre-load checks in order: exists, regular file, permissions, not empty, ELF.
    static func check(_ path: String, options: ModuleLoadOptions) throws(ModuleError) -> CheckedModuleFile {
        let path = try checkStat(path, options: options).path
        let (bytes, stamp) = try readAll(path)
        let facts = try ELFFacts.check(bytes, path: path)
        return CheckedModuleFile(path: path, bytes: bytes, facts: facts, stamp: stamp)
    }

    /// The checks a fresh `stat` decides (exists, regular file, permissions of the file and its
    /// directory, not empty), made on every load and every metadata cache lookup: they are never
    /// taken from the cache. Returns the absolute path and the file's stamp. `directoryChecked`: the
    /// caller has just found the file's directory not writable by others (``directoryIsSecure(_:)``),
    /// once for all its files.
    static func checkStat(_ path: String, options: ModuleLoadOptions, directoryChecked: Bool = false) throws(ModuleError) -> (
        path: String, stamp: ModuleFileStamp
    ) {
        let path = absolute(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw fileError(path, errno) }
        return try checkStat(path, info, options: options, directoryChecked: directoryChecked)
    }

    /// ``checkStat(_:options:directoryChecked:)`` for a file of a directory open as `directory.fd`
    /// whose name starts `directory.nameOffset` bytes into the absolute `path`: `fstatat` on the
    /// name, so the kernel does not walk the directory's path again for each of its files (a warm
    /// start `stat`s every file of every module directory).
    static func checkStat(
        _ path: String, in directory: (fd: Int32, nameOffset: Int), options: ModuleLoadOptions, directoryChecked: Bool
    ) throws(ModuleError) -> (path: String, stamp: ModuleFileStamp) {
        var info = stat()
        guard path.withCString({ fstatat(directory.fd, $0 + directory.nameOffset, &info, 0) }) == 0 else {
            throw fileError(path, errno)
        }
        return try checkStat(path, info, options: options, directoryChecked: directoryChecked)
    }

    /// `path` opened (close-on-exec) for ``checkStat(_:in:options:directoryChecked:)``, or nil.
    static func openDirectory(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// Closes a descriptor from ``openDirectory(_:)``.
    static func closeDirectory(_ fd: Int32) {
        close(fd)
    }

    /// The checks of a fresh `stat` of the absolute `path`.
    private static func checkStat(
        _ path: String, _ info: stat, options: ModuleLoadOptions, directoryChecked: Bool
    ) throws(ModuleError) -> (path: String, stamp: ModuleFileStamp) {
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw ModuleError(
                .notRegularFile, path: path, reason: what == "a directory" ? "a directory, not a module file" : what,
                hint: "install module .so files as regular files")
        }
        if !options.allowInsecurePermissions {
            try checkPermissions(path, info, isDirectory: false)
            if !directoryChecked {
                let directory = parentDirectory(of: path)
                var directoryInfo = stat()
                if stat(directory, &directoryInfo) == 0 {
                    try checkPermissions(directory, directoryInfo, isDirectory: true, file: path)
                }
                // An installed bundle's file (`D/D.so`): whoever can write the module directory can swap `D`.
                if baseName(of: path) == baseName(of: directory) + ModuleNameRules.fileSuffix {
                    let modules = parentDirectory(of: directory)
                    if stat(modules, &directoryInfo) == 0 {
                        try checkPermissions(modules, directoryInfo, isDirectory: true, file: path)
                    }
                }
            }
        }
        guard info.st_size > 0 else {
            throw ModuleError(
                .emptyFile, path: path, reason: "empty file (0 bytes)", hint: "finish writing it or rebuild it")
        }
        guard info.st_size <= maximumFileBytes else { throw tooLarge(path, size: Int64(info.st_size)) }
        return (path, ModuleFileStamp(info))
    }

    /// The largest module file read: each accepted file is read whole into memory and copied to tmpfs,
    /// so a larger one (a sparse file of many gigabytes in a module directory) would take the host's
    /// memory, and only far beyond any real module (a Swift module with Foundation linked in is a few
    /// tens of MiB).
    package static let maximumFileBytes = 512 << 20

    /// The refusal of a file of `size` bytes, more than ``maximumFileBytes``.
    static func tooLarge(_ path: String, size: Int64) -> ModuleError {
        ModuleError(
            .tooLarge, path: path, reason: "\(size) bytes, larger than the \(maximumFileBytes >> 20) MiB a module file may be",
            hint: "check that it is a module file; tabhost reads no larger one")
    }

    /// Whether `mode` lets its group or everyone write: the one rule behind every permission check of
    /// module files, their directories and the metadata cache (as sshd's StrictModes).
    static func writableByOthers(_ mode: mode_t) -> Bool { mode & (S_IWGRP | S_IWOTH) != 0 }

    /// Whether a file or directory of owner `uid` is another user's: neither this user's nor root's, so
    /// that user could replace it or what it holds (sshd's StrictModes asks the same of the files it trusts).
    static func ownedByAnotherUser(_ uid: uid_t) -> Bool { uid != getuid() && uid != 0 }

    /// True when `directory` exists, is this user's or root's, and is writable by its owner only: its
    /// files need no directory check of their own (``checkStat(_:options:directoryChecked:)``); false
    /// sends each file through it.
    static func directoryIsSecure(_ directory: String) -> Bool {
        var info = stat()
        return stat(directory, &info) == 0 && !writableByOthers(info.st_mode) && !ownedByAnotherUser(info.st_uid)
    }

    /// ``directoryIsSecure(_:)`` for a directory already open (``openDirectory(_:)``): one `fstat`
    /// instead of a second lookup of its path.
    static func directoryIsSecure(descriptor fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && !writableByOthers(info.st_mode) && !ownedByAnotherUser(info.st_uid)
    }

    /// Refuses files and directories another user owns or that are group- or world-writable, as sshd's
    /// StrictModes does.
    private static func checkPermissions(
        _ path: String, _ info: stat, isDirectory: Bool, file: String? = nil
    ) throws(ModuleError) {
        let mode = info.st_mode
        let problem: (file: String, directory: String, hint: String)
        if ownedByAnotherUser(info.st_uid) {
            let owner = "belongs to another user (uid \(info.st_uid))"
            problem = (
                "it \(owner), who could replace it", "\(owner), who could replace the module", "copy it into a directory of your own"
            )
        } else if writableByOthers(mode) {
            let writable = "writable by \(mode & S_IWOTH != 0 ? "everyone" : "its group") (mode \(String(mode & 0o7777, radix: 8)))"
            problem = (
                "\(writable), so another user could replace it", "is \(writable), so another user could replace the module",
                "run chmod go-w \(path)"
            )
        } else {
            return
        }
        throw ModuleError(
            .insecurePermissions, path: file ?? path, reason: isDirectory ? "its directory \(path) \(problem.directory)" : problem.file,
            hint: "\(problem.hint), or pass --allow-insecure-permissions")
    }

    /// Reads a whole file: sized by `fstat`, read straight into the result (no zero-filled
    /// staging buffer, which showed up when loading 1,000 modules), growing if the file grew.
    /// Returns the stamp of the file the bytes came from too.
    static func readAll(_ path: String) throws(ModuleError) -> (bytes: [UInt8], stamp: ModuleFileStamp) {
        // Not blocking: a FIFO put in the file's place since its `stat` opens at once, and is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw fileError(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fileError(path, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ModuleError(
                .notRegularFile, path: path, reason: "not a regular file", hint: "install module .so files as regular files")
        }
        let expected = max(Int(info.st_size), 0)
        var result = [UInt8](repeating: 0, count: 0)
        guard expected <= maximumFileBytes else { throw tooLarge(path, size: Int64(expected)) }
        var capacity = expected + 1  // one spare byte detects a file that grew
        while true {
            var failure: Int32 = 0
            result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = 0
                while initialized < capacity {
                    let count = read(fd, buffer.baseAddress! + initialized, capacity - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { return }
                    initialized += count
                }
            }
            if failure != 0 { throw fileError(path, failure) }
            if result.count < capacity {
                var after = stat()
                var stamp = ModuleFileStamp(info)
                // Written to while read: a stamp no lookup matches, so these bytes are never cached as that version.
                if fstat(fd, &after) != 0 || ModuleFileStamp(after) != stamp { stamp.size = .max }
                return (result, stamp)
            }
            // Filled every byte: the file is larger than fstat said; read the rest.
            guard capacity <= maximumFileBytes else { throw tooLarge(path, size: Int64(capacity)) }
            lseek(fd, 0, SEEK_SET)
            capacity = min(capacity * 2, maximumFileBytes + 1)
        }
    }

    /// Reads at most `count` bytes from the start of a file.
    static func readPrefix(of path: String, count: Int) throws(ModuleError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw fileError(path, errno) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard got >= 0 else { throw fileError(path, errno) }
        return Array(buffer[0..<got])
    }

    /// The error for a failed `stat`/`open`/`read` of a module file.
    static func fileError(_ path: String, _ code: Int32) -> ModuleError {
        switch code {
        case ENOENT, ENOTDIR:
            ModuleError(.notFound, path: path, reason: "no such file", hint: "check the path")
        case EACCES, EPERM:
            ModuleError(.unreadable, path: path, reason: "permission denied", hint: "make it readable (chmod u+r)")
        default:
            ModuleError(.unreadable, path: path, reason: "cannot read: \(errorText(code))", hint: "check the file")
        }
    }

    /// The system's text for the `errno` value `code` ("No such file or directory").
    static func errorText(_ code: Int32) -> String { Errno(rawValue: code).description }

    /// `path` made absolute against the working directory (symlinks kept: the user's name for it).
    package static func absolute(_ path: String) -> String {
        if path.utf8.first == UInt8(ascii: "/") { return path }  // the common case, without FilePath's normalizing
        let file = FilePath(path)
        if file.isAbsolute { return path }
        guard let pointer = getcwd(nil, 0) else { return path }
        defer { free(pointer) }
        let relative = path.hasPrefix("./") ? FilePath(String(path.dropFirst(2))) : file
        return FilePath(String(cString: pointer)).pushing(relative).string
    }

    /// `path` with its symbolic links resolved (`realpath`), or as given when it cannot be (it does not exist).
    package static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The directory part of a path ("." for a bare file name).
    package static func parentDirectory(of path: String) -> String {
        let plain = splittingPlainAbsolute(path) { bytes, slash in
            slash == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
        if let plain { return plain }
        let parent = FilePath(path).removingLastComponent()
        return parent.isEmpty ? "." : parent.string
    }

    /// The last path component.
    package static func baseName(of path: String) -> String {
        let plain = splittingPlainAbsolute(path) { bytes, slash in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)
        }
        if let plain { return plain }
        return FilePath(path).lastComponent?.string ?? path
    }

    /// `split(bytes, offset of the last slash)` for "/dir/file" (absolute, no trailing slash, no "//"),
    /// nil for any other path. Such a path splits at its last slash with the same result as `FilePath`,
    /// without its normalizing (the registry splits every listed file at start). One pass over the
    /// contiguous bytes: `utf8` iteration checks the string's storage at every byte.
    private static func splittingPlainAbsolute(
        _ path: String, _ split: (UnsafeBufferPointer<UInt8>, Int) -> String
    ) -> String? {
        path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.first == UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") else { return nil }
            var last = 0
            for index in 1..<bytes.count where bytes[index] == UInt8(ascii: "/") {
                if bytes[index - 1] == UInt8(ascii: "/") { return nil }
                last = index
            }
            return split(bytes, last)
        } ?? nil
    }
}
