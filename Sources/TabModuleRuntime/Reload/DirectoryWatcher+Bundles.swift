import Glibc
import TabModuleLoading

extension DirectoryWatcher {
    /// What a bundle directory's own watch reports: its files written, renamed or deleted in place. Added
    /// to (`IN_MASK_ADD`), never replacing, the mask of a directory also watched as a module directory.
    static let bundleMask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE) | UInt32(IN_ONLYDIR)
        | UInt32(IN_EXCL_UNLINK) | UInt32(IN_MASK_ADD)

    /// A directory `name` of the watched directory `wd` appeared, was exchanged, moved away or deleted:
    /// its watch follows what is at that name now, and its module file `D/D.so` is settled afresh.
    func bundleDirectoryChanged(watch wd: Int32, name: [UInt8], mask: UInt32, now: ContinuousClock.Instant) {
        guard let dir = directories[wd], let text = String(validating: name, as: UTF8.self), isBundleName(text) else { return }
        armBundleWatch(text, of: wd)
        // A directory renamed in, exchanged, renamed away or deleted is complete (an installer stages it
        // first), so its module file settles at once; one just made (`mkdir`) is filled afterwards.
        let window = mask & UInt32(IN_CREATE) != 0 ? configuration.settle : configuration.renameSettle
        schedule(bundleFile(text), in: wd, directory: dir.path, window: window, now: now)
    }

    /// A record of a bundle directory's own watch: `D.so` or `manifest.json` changed in place.
    func applyInBundle(_ bundle: BundleWatch, watch wd: Int32, mask: UInt32, name: [UInt8], now: ContinuousClock.Instant) {
        if mask & UInt32(IN_IGNORED) != 0 {
            // The directory was deleted or its watch removed: forget the watch.
            bundleWatches[wd] = nil
            if directories[bundle.parent]?.bundles[bundle.name] == wd { directories[bundle.parent]?.bundles[bundle.name] = nil }
            return
        }
        // Moves of the directory itself are seen, by name, in the module directory's own records.
        guard !name.isEmpty, mask & UInt32(IN_ISDIR) == 0, let dir = directories[bundle.parent],
            dir.bundles[bundle.name] == wd
        else { return }
        let file = bundle.name + configuration.fileSuffix
        guard name.elementsEqual(file.utf8) || name.elementsEqual("manifest.json".utf8) else { return }
        schedule(bundleFile(bundle.name), in: bundle.parent, directory: dir.path, window: window(for: mask), now: now)
    }

    /// Watches whatever directory is at `name` in the watched directory `wd` now (none if nothing
    /// is), dropping the watch on the directory that was there before (exchanged or moved away).
    func armBundleWatch(_ name: String, of wd: Int32) {
        guard var dir = directories[wd] else { return }
        let old = dir.bundles[name]
        var new = inotify_add_watch(fileDescriptor, Self.join(dir.path, name), Self.bundleMask)
        if let old, old != new { dropBundleWatch(old) }
        // A directory watched as a module directory of its own keeps that watch, and only that.
        if directories[new] != nil { new = -1 }
        if new >= 0 {
            dir.bundles[name] = new
            bundleWatches[new] = BundleWatch(parent: wd, name: name)
        } else {
            dir.bundles[name] = nil
        }
        directories[wd] = dir
    }

    /// Watches every bundle directory `wd`'s known files name (after a snapshot), and no other.
    func armBundleWatches(of wd: Int32) {
        dropBundleWatches(of: wd)
        guard let dir = directories[wd] else { return }
        for name in dir.known {
            // Bytes, not characters: a search by `Character` breaks graphemes all along each name, and
            // this runs for every known module file as a session starts. The contiguous bytes first: the
            // generic walk of a String.UTF8View costs several times more, and only a bundle's name has one.
            let hasSlash = name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "/")) } ?? true
            guard hasSlash, let slash = name.utf8.firstIndex(of: UInt8(ascii: "/")) else { continue }
            armBundleWatch(String(name[..<slash]), of: wd)
        }
    }

    /// Removes the watches on the bundle directories of `wd`.
    func dropBundleWatches(of wd: Int32) {
        guard var dir = directories[wd] else { return }
        for watch in dir.bundles.values { dropBundleWatch(watch) }
        dir.bundles.removeAll()
        directories[wd] = dir
    }

    /// Removes one bundle directory's watch (not one a module directory shares: see `armBundleWatch`).
    private func dropBundleWatch(_ watch: Int32) {
        bundleWatches[watch] = nil
        if directories[watch] == nil { inotify_rm_watch(fileDescriptor, watch) }
    }

    /// True for a name a bundle directory may have: `NAME.so` would be a module file name (not hidden).
    func isBundleName(_ name: String) -> Bool {
        !name.contains("/") && isModuleName(name + configuration.fileSuffix)
    }

    /// `D/D.so` for the bundle directory `D`.
    func bundleFile(_ name: String) -> String { "\(name)/\(name)\(configuration.fileSuffix)" }
}
