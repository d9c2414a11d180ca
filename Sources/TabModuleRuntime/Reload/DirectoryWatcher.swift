import Glibc

/// Watches module directories with inotify and reports settled, debounced, per-file `ModuleFileEvent`s.
///
/// It has no thread of its own: it belongs to the host's main loop. The loop waits (with `poll(2)`)
/// on `fileDescriptor` until it is readable or until `nextDeadline`, then calls `drain(now:)` (when
/// readable) or `poll(now:)` (at the deadline) and handles the returned events.
///
/// Only names ending in `configuration.fileSuffix` (`*.so`, not hidden dot-files, as the shell glob
/// matches) are reported. Every inotify record for a file restarts that file's settle window; when the
/// window ends the file is checked: gone → `.removed` (if it had been seen); empty → stays pending
/// (`.dropped` after `emptyFileChecks` checks); size or mtime changed during the window → one more
/// window; otherwise → `.added` or `.changed`. A burst of records for one file thus gives one event.
///
/// An installed bundle, a directory `D` holding `manifest.json` and `D.so`, is the module file `D/D.so`:
/// `D` renamed in, exchanged (`renameat2` with `RENAME_EXCHANGE`), renamed away or deleted, and `D.so` or
/// `manifest.json` written or renamed inside it, are records for `D/D.so`, settled the same way (without
/// `manifest.json` it counts as absent). Each bundle directory has a watch of its own; hidden directories
/// (`.staging-*`, `.D.previous`) are never looked at.
///
/// A host loop, in outline:
/// ```swift
/// let watcher = try DirectoryWatcher()
/// try watcher.watch(directory: modules)
/// while running {
///     var fds = [pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0), /* tty … */]
///     let timeout = watcher.nextDeadline.map { DirectoryWatcher.milliseconds(until: $0, from: .now) } ?? -1
///     poll(&fds, nfds_t(fds.count), timeout)
///     let events = fds[0].revents != 0 ? watcher.drain() : watcher.poll()
///     for event in events { /* reload, add, remove, rescan, report */ }
/// }
/// ```
public final class DirectoryWatcher {
    /// The inotify descriptor (non-blocking, close-on-exec): wait on it for `POLLIN`.
    public let fileDescriptor: Int32
    /// The settle and retry rules in force.
    public let configuration: Configuration

    /// Watched directories by watch descriptor.
    var directories: [Int32: WatchedDirectory] = [:]
    /// The watches on bundle directories of watched directories, by watch descriptor.
    var bundleWatches: [Int32: BundleWatch] = [:]
    /// Files with unsettled events, by path.
    var pending: [String: PendingFile] = [:]
    /// Watched directories that went away, awaited by a watch on their parent: by that watch, the
    /// directory's name there and its path. When one comes back under its name it is watched again.
    var awaited: [Int32: [String: String]] = [:]
    /// Events due at once (rescans, directories gone), returned by the next `poll`.
    var ready: [ModuleFileEvent] = []
    /// Orders events that settle at the same instant by their first record.
    var sequence = 0
    /// Reused read buffer for inotify records.
    let buffer: UnsafeMutableRawBufferPointer

    /// Opens an inotify instance; watch directories with `watch(directory:)`.
    public init(configuration: Configuration = Configuration()) throws(DirectoryWatcherError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .initFailed(errno: errno) }
        self.fileDescriptor = fd
        self.configuration = configuration
        // Room for many records per read(); the kernel never splits a record.
        self.buffer = .allocate(byteCount: 64 * 1024, alignment: MemoryLayout<inotify_event>.alignment)
    }

    deinit {
        close(fileDescriptor)
        buffer.deallocate()
    }

    /// The directories being watched, as given to `watch(directory:)`, sorted.
    public var watchedDirectories: [String] {
        directories.values.map(\.path).sorted()
    }

    /// The module files the watcher considers present in `directory` (snapshot plus settled events), sorted.
    public func knownFiles(in directory: String) -> [String] {
        let path = Self.normalized(directory)
        guard let dir = directories.values.first(where: { $0.path == path }) else { return [] }
        return dir.known.sorted().map { Self.join(path, $0) }
    }

    /// When `poll(now:)` has work to do next, or `nil` if nothing is pending.
    public var nextDeadline: ContinuousClock.Instant? {
        if !ready.isEmpty { return .now }
        return pending.values.lazy.map(\.deadline).min()
    }

    /// Starts watching `directory` and snapshots its non-empty module files as already seen.
    ///
    /// Watching a directory twice is a no-op. Existing files produce no events: the host loads them
    /// itself; later changes to them are `.changed`, new files `.added`. `known`: the names the caller
    /// has just listed itself (``ModuleRegistry/listedFileNames(in:)``), taken instead of a snapshot.
    public func watch(directory: String, known: Set<String>? = nil) throws(DirectoryWatcherError) {
        let path = Self.normalized(directory)
        let mask =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)
            | UInt32(IN_CREATE)
        let wd = inotify_add_watch(fileDescriptor, path, mask)
        guard wd >= 0 else { throw .watchFailed(path: path, errno: errno) }
        if directories[wd] != nil { return }
        directories[wd] = WatchedDirectory(path: path, known: known ?? snapshot(path))
        armBundleWatches(of: wd)
    }

    /// Stops watching `directory`; its pending events are discarded. Unknown directories are ignored.
    public func unwatch(directory: String) {
        let path = Self.normalized(directory)
        guard let (wd, _) = directories.first(where: { $0.value.path == path }) else { return }
        inotify_rm_watch(fileDescriptor, wd)
        dropBundleWatches(of: wd)
        directories[wd] = nil
        pending = pending.filter { $0.value.watch != wd }
        for (parent, names) in awaited {
            let left = names.filter { $0.value != path }
            if left.count != names.count { stopAwaiting(parent: parent, left: left) }
        }
    }

    /// Reads every queued inotify record without blocking, then returns the events due at `now`.
    ///
    /// Call it when `fileDescriptor` is readable. Events not yet settled stay pending until
    /// `nextDeadline`; collect them with `poll(now:)`.
    public func drain(now: ContinuousClock.Instant = .now) -> [ModuleFileEvent] {
        readRecords(now: now)
        return poll(now: now)
    }

    /// Returns the events whose settle window has ended by `now` (in deadline order), re-arming files
    /// that are still empty or still changing.
    public func poll(now: ContinuousClock.Instant = .now) -> [ModuleFileEvent] {
        var events = ready
        ready.removeAll()
        let due = pending.values.filter { $0.deadline <= now }
            .sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
        for file in due {
            if let event = settle(file, now: now) { events.append(event) }
        }
        return events
    }

    /// Decides what a pending file whose window ended has become; nil while it is not settled.
    private func settle(_ file: PendingFile, now: ContinuousClock.Instant) -> ModuleFileEvent? {
        guard var dir = directories[file.watch] else {
            pending[file.path] = nil
            return nil
        }
        // A bundle directory without its manifest is no module (discovery's rule), whatever its `.so`.
        let current = FileSample.of(file.path).flatMap { file.name.contains("/") && !Self.hasManifest(file.path) ? nil : $0 }
        guard let current else {
            pending[file.path] = nil
            guard dir.known.remove(file.name) != nil else { return nil }
            directories[file.watch] = dir
            return .removed(file.path)
        }
        guard current.isRegular else {
            pending[file.path] = nil
            return .dropped(file.path, reason: "not a regular file; a module must be a regular .so file")
        }
        var next = file
        next.deadline = now + configuration.settle
        if current.size == 0 {
            next.emptyChecks += 1
            guard next.emptyChecks < configuration.emptyFileChecks else {
                pending[file.path] = nil
                return .dropped(
                    file.path,
                    reason:
                        "file is still empty after \(next.emptyChecks) checks; "
                        + "write the whole module and close it, or build it elsewhere and rename it into the directory"
                )
            }
            next.sample = current
            pending[file.path] = next
            return nil
        }
        guard current == file.sample else {
            // Still being written: wait for one quiet window with the new size.
            next.sample = current
            pending[file.path] = next
            return nil
        }
        pending[file.path] = nil
        let seen = !dir.known.insert(file.name).inserted
        directories[file.watch] = dir
        return seen ? .changed(file.path) : .added(file.path)
    }

    /// Strips trailing slashes so paths compare and join predictably (`/` stays `/`).
    static func normalized(_ directory: String) -> String {
        var path = Substring(directory)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
