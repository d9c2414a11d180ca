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
        guard let dir = directories[wd] else {
            if let bundle = bundleWatches[wd] { applyInBundle(bundle, watch: wd, mask: mask, name: name, now: now) }
            return  // else a watch already removed
        }
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_UNMOUNT) | UInt32(IN_IGNORED)) != 0 {
            directoryGone(watch: wd, moved: mask & UInt32(IN_MOVE_SELF) != 0)
            return
        }
        if name.isEmpty { return }
        if mask & UInt32(IN_ISDIR) != 0 {
            bundleDirectoryChanged(watch: wd, name: name, mask: mask, now: now)
            return
        }
        // Created files are reported when written and closed; only a created directory matters (above).
        if mask & UInt32(IN_CREATE) != 0 { return }
        guard let text = String(validating: name, as: UTF8.self) else {
            let raw = String(decoding: name, as: UTF8.self)
            if raw.hasSuffix(configuration.fileSuffix) {
                ready.append(.dropped(Self.join(dir.path, raw), reason: "file name is not valid UTF-8; rename the file"))
            }
            return
        }
        guard isModuleName(text) else { return }
        schedule(text, in: wd, directory: dir.path, window: window(for: mask), now: now)
    }

    /// The settle window a file record starts: a file renamed in is complete.
    func window(for mask: UInt32) -> Duration {
        mask & UInt32(IN_MOVED_TO) != 0 ? configuration.renameSettle : configuration.settle
    }

    /// (Re)starts the settle window of the module file `name` (relative to the watched directory `wd`).
    func schedule(_ name: String, in wd: Int32, directory: String, window: Duration, now: ContinuousClock.Instant) {
        let path = Self.join(directory, name)
        if var file = pending[path] {
            file.deadline = now + window
            file.sample = FileSample.of(path)
            pending[path] = file
        } else {
            sequence += 1
            pending[path] = PendingFile(
                watch: wd, name: name, path: path, deadline: now + window,
                sample: FileSample.of(path), emptyChecks: 0, order: sequence)
        }
    }

    /// True for module file names (``ModuleNameRules/fileNameProblem(_:suffix:)``) with the configured suffix.
    func isModuleName(_ name: String) -> Bool {
        ModuleNameRules.fileNameProblem(name, suffix: configuration.fileSuffix) == nil
    }

    /// The directory was deleted, moved or unmounted: its files are gone and watching it stops.
    private func directoryGone(watch wd: Int32, moved: Bool) {
        dropBundleWatches(of: wd)
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
            armBundleWatches(of: wd)
            ready.append(.rescan(dir.path))
        }
    }

    /// Names of the non-empty regular module files in `directory` now (symbolic links followed):
    /// `NAME.so`, and `D/D.so` of each bundle directory `D` that holds `manifest.json`.
    /// Names are checked as bytes and stat'ed relative to the open directory: only module files
    /// become Strings (a thousand-module directory is snapshot at every start).
    func snapshot(_ directory: String) -> Set<String> {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        var names: Set<String> = []
        var info = stat()
        let suffix = Array(configuration.fileSuffix.utf8)
        while let entry = readdir(stream) {
            var name = DirectoryEntry.nameBytes(entry)
            if !ModuleNameRules.isFileName(utf8: name, suffix: configuration.fileSuffix) {
                // Only an entry that may be a directory, with a name a bundle may have, is looked into.
                let type = entry.pointee.d_type
                guard type == DT_DIR || type == DT_LNK || type == DT_UNKNOWN,
                    ModuleNameRules.isFileName(utf8: name + suffix, suffix: configuration.fileSuffix),
                    ModuleDiscovery.lookUp(fd, name + Array("/manifest.json".utf8), &info)
                else { continue }
                name = name + [UInt8(ascii: "/")] + name + suffix
            }
            guard ModuleDiscovery.lookUp(fd, name, &info), info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
                let text = String(validating: name, as: UTF8.self)
            else { continue }
            names.insert(text)
        }
        return names
    }

    /// Whether the bundle directory of the module file `path` (`…/D/D.so`) holds `manifest.json`.
    static func hasManifest(_ path: String) -> Bool {
        var info = stat()
        return stat(ModuleFileReader.parentDirectory(of: path) + "/manifest.json", &info) == 0
    }

    /// `directory/name`, without doubling the slash of `/`.
    static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/\(name)" : "\(directory)/\(name)"
    }
}
