import Glibc
import TabModuleLoading

extension DirectoryWatcher {
    /// The records that say a watched directory itself is gone: deleted, moved, unmounted, or its watch removed.
    static let goneMask = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_UNMOUNT) | UInt32(IN_IGNORED)

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
        if awaited[wd] != nil { applyAwaiting(watch: wd, mask: mask, name: name) }
        guard let dir = directories[wd] else {
            if let bundle = bundleWatches[wd] { applyInBundle(bundle, watch: wd, mask: mask, name: name, now: now) }
            return  // else a watch already removed
        }
        if mask & Self.goneMask != 0 {
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

    /// The directory was deleted, moved or unmounted: its files are gone, and its parent is watched for
    /// it to come back under its name (renamed back, or made anew), when it is watched again.
    private func directoryGone(watch wd: Int32, moved: Bool) {
        dropBundleWatches(of: wd)
        guard let dir = directories.removeValue(forKey: wd) else { return }
        if moved { inotify_rm_watch(fileDescriptor, wd) }
        pending = pending.filter { $0.value.watch != wd }
        for name in dir.known.sorted() {
            ready.append(.removed(Self.join(dir.path, name)))
        }
        let how = moved ? "was moved away" : "was deleted"
        let waits = awaitReturn(of: dir.path)
        let next = waits ? "it is watched again when it comes back" : "watching it stopped; recreate it and start tabhost again"
        ready.append(.dropped(dir.path, reason: "directory \(how); \(next)"))
    }

    /// Watches the parent of the gone directory `path` for its name; false when the parent cannot be watched.
    private func awaitReturn(of path: String) -> Bool {
        let parent = ModuleFileReader.parentDirectory(of: path)
        let name = ModuleFileReader.baseName(of: path)
        guard parent != path, !name.isEmpty else { return false }
        // Added to whatever mask the parent already has (it may be a watched directory itself).
        let mask = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        let wd = inotify_add_watch(fileDescriptor, parent, mask | UInt32(IN_MASK_ADD))
        guard wd >= 0 else { return false }
        awaited[wd, default: [:]][name] = path
        // It may have come back between its watch's last record and this one's first.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { returned(path, parent: wd) }
        return true
    }

    /// A record on the parent of awaited directories: one of them back under its name is watched again;
    /// the parent itself gone ends the wait for all of them.
    private func applyAwaiting(watch wd: Int32, mask: UInt32, name: [UInt8]) {
        guard let names = awaited[wd] else { return }
        if mask & Self.goneMask != 0 {
            awaited[wd] = nil
            if directories[wd] == nil && bundleWatches[wd] == nil { inotify_rm_watch(fileDescriptor, wd) }
            for path in names.values.sorted() {
                ready.append(.dropped(path, reason: "its parent directory went away too; watching it stopped; start tabhost again"))
            }
            return
        }
        guard mask & UInt32(IN_ISDIR) != 0, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0,
            let text = String(validating: name, as: UTF8.self), let path = names[text]
        else { return }
        returned(path, parent: wd)
    }

    /// The awaited directory `path` is back: watched again, its module files as found now, and a rescan
    /// asked for (the host loads what changed and keeps what came back unchanged).
    private func returned(_ path: String, parent: Int32) {
        guard var names = awaited[parent] else { return }
        names[ModuleFileReader.baseName(of: path)] = nil
        stopAwaiting(parent: parent, left: names)
        do throws(DirectoryWatcherError) {
            try watch(directory: path)
            ready.append(.rescan(path))
        } catch {
            ready.append(.dropped(path, reason: "directory came back but cannot be watched (\(error)); start tabhost again"))
        }
    }

    /// Keeps waiting for `left` on `parent`, or, with none left, drops the parent's watch when it is not
    /// one of the watcher's own.
    func stopAwaiting(parent: Int32, left: [String: String]) {
        guard left.isEmpty else {
            awaited[parent] = left
            return
        }
        awaited[parent] = nil
        if directories[parent] == nil && bundleWatches[parent] == nil { inotify_rm_watch(fileDescriptor, parent) }
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
