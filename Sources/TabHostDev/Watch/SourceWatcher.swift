import Glibc
import SystemPackage
import TabModuleLoading
import TabModuleRuntime

/// Watches a project's sources with inotify, recursively: directories created later are watched as
/// they appear. Reports which source files changed; `SourceFilter` decides what is a source.
final class SourceWatcher {
    /// The inotify descriptor (non-blocking, close-on-exec): readable when something changed.
    let fileDescriptor: Int32
    /// Watched directories by watch descriptor.
    private var directories: [Int32: String] = [:]
    private let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE) | UInt32(IN_CREATE)
        | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)

    /// Watches `root` and every directory below it that is not ignored.
    init(root: String) throws(DevError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw DevError(.watchFailed, "\(root): cannot watch the sources (inotify: \(Errno(rawValue: errno).description))")
        }
        fileDescriptor = fd
        guard add(root) else {
            close(fd)
            throw DevError(.watchFailed, "\(root): cannot watch the sources (\(Errno(rawValue: errno).description)); check the directory")
        }
    }

    deinit { close(fileDescriptor) }

    /// The number of directories watched.
    var watchedDirectories: Int { directories.count }

    /// Watches `path` and, recursively, its directories that are not ignored. False if `path` itself fails.
    @discardableResult
    private func add(_ path: String) -> Bool {
        let wd = inotify_add_watch(fileDescriptor, path, mask)
        guard wd >= 0 else { return false }
        directories[wd] = path
        guard let dir = opendir(path) else { return true }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = DirectoryEntry.name(entry)
            guard name != ".", name != "..", entry.pointee.d_type == DT_DIR, !SourceFilter.isIgnored(name, isDirectory: true)
            else { continue }
            add(path + "/" + name)
        }
        return true
    }

    /// Reads every queued record; returns the changed source files (absolute), in order, each once.
    func drain() -> [String] {
        var changed: [String] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        InotifyRecords.drain(fileDescriptor, into: buffer) { wd, eventMask, name in
            if let path = apply(watch: wd, mask: eventMask, name: String(decoding: name, as: UTF8.self)), !changed.contains(path) {
                changed.append(path)
            }
        }
        return changed
    }

    /// One record: a new directory is watched (and counts as a change), a source file's change is returned.
    private func apply(watch wd: Int32, mask eventMask: UInt32, name: String) -> String? {
        if eventMask & UInt32(IN_Q_OVERFLOW) != 0 { return directories.values.sorted().first }  // something changed
        if eventMask & UInt32(IN_IGNORED) != 0 {
            directories[wd] = nil
            return nil
        }
        guard let directory = directories[wd], !name.isEmpty else { return nil }
        let isDirectory = eventMask & UInt32(IN_ISDIR) != 0
        guard !SourceFilter.isIgnored(name, isDirectory: isDirectory) else { return nil }
        let path = directory + "/" + name
        if isDirectory {
            if eventMask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 { add(path) }
            return path
        }
        // A file created empty is written next (IN_CLOSE_WRITE follows); the create alone changes nothing.
        return eventMask & UInt32(IN_CREATE) != 0 ? nil : path
    }
}
