import Glibc
import TabModuleLoading

extension DirectoryWatcher {
    /// Reads and applies every queued inotify record (several per `read`, names NUL-padded).
    func readRecords(now: ContinuousClock.Instant) {
        var overflowed = false
        InotifyRecords.drain(fileDescriptor, into: buffer) { wd, mask, name in
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                overflowed = true
            } else {
                apply(watch: wd, mask: mask, name: Array(name), now: now)
            }
        }
        if overflowed { rescanAll() }
    }

    /// Applies one record: directory-level events at once, file events as a (re)started settle window.
    private func apply(watch wd: Int32, mask: UInt32, name: [UInt8], now: ContinuousClock.Instant) {
        guard let dir = directories[wd] else { return }  // a watch already removed
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_UNMOUNT) | UInt32(IN_IGNORED)) != 0 {
            directoryGone(watch: wd, moved: mask & UInt32(IN_MOVE_SELF) != 0)
            return
        }
        if mask & UInt32(IN_ISDIR) != 0 || name.isEmpty { return }
        guard let text = String(validating: name, as: UTF8.self) else {
            let raw = String(decoding: name, as: UTF8.self)
            if raw.hasSuffix(configuration.fileSuffix) {
                ready.append(.dropped(Self.join(dir.path, raw), reason: "file name is not valid UTF-8; rename the file"))
            }
            return
        }
        guard isModuleName(text) else { return }
        let path = Self.join(dir.path, text)
        let window = mask & UInt32(IN_MOVED_TO) != 0 ? configuration.renameSettle : configuration.settle
        if var file = pending[path] {
            file.deadline = now + window
            file.sample = FileSample.of(path)
            pending[path] = file
        } else {
            sequence += 1
            pending[path] = PendingFile(
                watch: wd, name: text, path: path, deadline: now + window,
                sample: FileSample.of(path), emptyChecks: 0, order: sequence)
        }
    }

    /// True for module file names (``ModuleNameRules/fileNameProblem(_:suffix:)``) with the configured suffix.
    func isModuleName(_ name: String) -> Bool {
        ModuleNameRules.fileNameProblem(name, suffix: configuration.fileSuffix) == nil
    }

    /// The directory was deleted, moved or unmounted: its files are gone and watching it stops.
    private func directoryGone(watch wd: Int32, moved: Bool) {
        guard let dir = directories.removeValue(forKey: wd) else { return }
        if moved { inotify_rm_watch(fileDescriptor, wd) }
        pending = pending.filter { $0.value.watch != wd }
        for name in dir.known.sorted() {
            ready.append(.removed(Self.join(dir.path, name)))
        }
        let how = moved ? "was moved away" : "was deleted"
        ready.append(.dropped(dir.path, reason: "directory \(how); watching it stopped; recreate it and watch it again"))
    }

    /// The kernel dropped records: forget pending work, re-snapshot, and ask the host to rescan.
    private func rescanAll() {
        pending.removeAll()
        for (wd, var dir) in directories.sorted(by: { $0.value.path < $1.value.path }) {
            dir.known = snapshot(dir.path)
            directories[wd] = dir
            ready.append(.rescan(dir.path))
        }
    }

    /// Names of the non-empty regular module files in `directory` now (symbolic links followed).
    /// Names are checked as bytes and stat'ed relative to the open directory: only module files
    /// become Strings (a thousand-module directory is snapshot at every start).
    func snapshot(_ directory: String) -> Set<String> {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        var names: Set<String> = []
        var info = stat()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard ModuleNameRules.isFileName(utf8: name, suffix: configuration.fileSuffix) else { continue }
            let found = name.withUnsafeBufferPointer { bytes in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { path in
                    for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
                    path[bytes.count] = 0
                    return fstatat(fd, path.baseAddress!, &info, 0) == 0
                }
            }
            guard found, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
                let text = String(validating: name, as: UTF8.self)
            else { continue }
            names.insert(text)
        }
        return names
    }

    /// `directory/name`, without doubling the slash of `/`.
    static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/\(name)" : "\(directory)/\(name)"
    }
}
