#if canImport(Glibc)
import Glibc
#endif

/// Finds module files without loading them.
///
/// A module directory holds plain module files (`NAME.so`) and installed bundles: a directory `D/`
/// holding `D/manifest.json` and `D/D.so` contributes `D/D.so` (docs/internals/architecture.md, "Module directories").
public enum ModuleDiscovery {
    /// The module files found and the directories that could not be read.
    public struct Result: Sendable, Equatable {
        /// Absolute paths of `*.so` files, directory by directory, each directory sorted by name.
        public var files: [String]
        /// One error per missing or unreadable directory and per bundle directory without its `.so`.
        public var errors: [ModuleError]
    }

    /// What one directory holds: its module files, and one error per bundle directory without its `.so`.
    public struct Listing: Sendable, Equatable {
        /// Absolute paths, sorted by the top-level entry's name (a bundle `D/D.so` sorts as `D`).
        public var files: [String]
        /// One `notFound` error per bundle directory (it has `manifest.json`) whose `D.so` is missing.
        public var problems: [ModuleError]
    }

    /// Lists the module files (not hidden, sorted, plain `*.so` and bundles' `D/D.so`) of each directory,
    /// in order. A missing or unreadable directory gives one error; the others are still listed.
    public static func scan(_ directories: [ModuleDirectory]) -> Result {
        var result = Result(files: [], errors: [])
        for directory in directories {
            do throws(ModuleError) {
                let listing = try listing(in: directory)
                result.files += listing.files
                result.errors += listing.problems
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    /// The module files of one directory, sorted by name (its bundle problems dropped: see `listing(in:)`).
    public static func files(in directory: ModuleDirectory) throws(ModuleError) -> [String] {
        try listing(in: directory).files
    }

    /// The module files of one directory and its broken bundle directories.
    public static func listing(in directory: ModuleDirectory) throws(ModuleError) -> Listing {
        let path = ModuleFileReader.absolute(directory.path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw ModuleError(
                    .notFound, path: path, reason: "module directory not found",
                    hint: "create it or pass an existing directory")
            }
            throw ModuleError(
                .unreadable, path: path, reason: "module directory cannot be read: \(ModuleFileReader.errorText(code))",
                hint: "make it readable (chmod u+rx)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ModuleError(
                .notRegularFile, path: path, reason: "not a directory", hint: "pass the directory that holds the .so files")
        }
        guard let dir = opendir(path) else {
            let code = errno
            throw ModuleError(
                .unreadable, path: path, reason: "module directory cannot be read: \(ModuleFileReader.errorText(code))",
                hint: "make it readable (chmod u+rx)")
        }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        // Names are kept as bytes until sorted: byte order (so the "first file wins" rule does not depend
        // on the locale) compares arrays directly, where Strings compare by Unicode canonical
        // equivalence, far dearer for each pair a sort of many names compares (docs/contributing/performance-history.md).
        var names: [[UInt8]] = []
        // The names of bundle directories; empty in a directory without bundles (no lookups then).
        var bundles: Set<[UInt8]> = []
        var missing: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = DirectoryEntry.nameBytes(entry)
            if directory.isModuleFileName(utf8: name) {
                names.append(name)
                continue
            }
            // Only an entry that may be a directory costs a lookup: d_type says "regular file" for the
            // plain files, and a name a bundle cannot have is not looked at.
            let type = entry.pointee.d_type
            guard type == DT_DIR || type == DT_LNK || type == DT_UNKNOWN, directory.isBundleName(utf8: name) else { continue }
            switch bundleState(fd, name) {
            case .notBundle: continue
            case .bundle:
                names.append(name)
                bundles.insert(name)
            case .missingModule: missing.append(name)
            }
        }
        names = sortedByBytes(names)
        missing.sort(by: isOrderedBefore)
        var base = Array(path.utf8)
        while base.count > 1 && base.last == UInt8(ascii: "/") { base.removeLast() }
        if base != [UInt8(ascii: "/")] { base.append(UInt8(ascii: "/")) }
        let files = names.map { name in
            bundles.isEmpty || !bundles.contains(name) ? joined(base, name) : joined(base, bundleFile(name))
        }
        let problems = missing.map { name in
            let bundle = String(decoding: base + name, as: UTF8.self)
            let file = String(decoding: name + ModuleNameRules.fileSuffix.utf8, as: UTF8.self)
            return ModuleError(
                .notFound, path: String(decoding: base + bundleFile(name), as: UTF8.self),
                reason: "bundle directory \(bundle) has manifest.json but no \(file)",
                hint: "install the module again (tabhost install) or remove the directory")
        }
        return Listing(files: files, problems: problems)
    }

    /// `base` and `name` as one string, decoded as UTF-8 like `String(decoding:as:)` (an invalid byte becomes
    /// U+FFFD), written into the string's storage: no joined array is made and freed for each file.
    private static func joined(_ base: [UInt8], _ name: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: base.count + name.count) { buffer in
            let end = buffer.initialize(fromContentsOf: base)
            return buffer[end...].initialize(fromContentsOf: name)
        }
    }

    /// `D/D.so` for the bundle directory name `D`.
    package static func bundleFile(_ name: [UInt8]) -> [UInt8] {
        name + [UInt8(ascii: "/")] + name + Array(ModuleNameRules.fileSuffix.utf8)
    }

    private enum BundleState { case notBundle, bundle, missingModule }

    /// Whether the entry `name` of the directory open as `fd` is a bundle directory: it holds
    /// `manifest.json` (else it is no bundle, whatever it is), and then `name.so`.
    private static func bundleState(_ fd: Int32, _ name: [UInt8]) -> BundleState {
        var info = stat()
        let manifest = name + Array("/manifest.json".utf8)
        guard lookUp(fd, manifest, &info), info.st_mode & S_IFMT == S_IFREG else { return .notBundle }
        return lookUp(fd, bundleFile(name), &info) ? .bundle : .missingModule
    }

    /// `fstatat` of a relative path given as bytes (symbolic links followed, as for plain module files).
    package static func lookUp(_ fd: Int32, _ relative: [UInt8], _ info: inout stat) -> Bool {
        relative.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { path in
                for (index, byte) in bytes.enumerated() { path[index] = CChar(bitPattern: byte) }
                path[bytes.count] = 0
                return fstatat(fd, path.baseAddress!, &info, 0) == 0
            }
        }
    }

    /// `names` (distinct, as a directory's are) in byte order. Each name's first eight bytes, read as one
    /// big-endian number, decide the order of a large listing without touching the names: the numbers are
    /// radix-sorted (a comparison sort spends most of its time calling the comparison), and only names
    /// that share their first eight bytes are then compared whole (docs/contributing/performance-history.md).
    private static func sortedByBytes(_ names: [[UInt8]]) -> [[UInt8]] {
        guard names.count > 1 else { return names }
        var keys = radixSorted(
            names.indices.map { index in
                // No name holds a NUL byte: a shorter name's zero padding sorts it before the longer ones it begins.
                var key: UInt64 = 0
                for position in 0..<8 { key = key << 8 | UInt64(position < names[index].count ? names[index][position] : 0) }
                return (key: key, index: index)
            })
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].key == keys[start].key { end += 1 }
            if end - start > 1 { keys[start..<end].sort { isOrderedBefore(names[$0.index], names[$1.index]) } }
            start = end
        }
        return keys.map { names[$0.index] }
    }

    /// `items` ordered by key, equal keys in their order: one counting pass per byte, lowest first,
    /// skipping the bytes every key shares (a listing's common prefix).
    private static func radixSorted(_ items: [(key: UInt64, index: Int)]) -> [(key: UInt64, index: Int)] {
        var sorted = items
        var scattered = items
        let differing = items.reduce(UInt64(0)) { $0 | ($1.key ^ items[0].key) }
        for byte in 0..<8 where (differing >> UInt64(8 * byte)) & 0xFF != 0 {
            let shift = UInt64(8 * byte)
            var starts = [Int](repeating: 0, count: 257)
            for item in sorted { starts[Int(truncatingIfNeeded: item.key >> shift & 0xFF) + 1] += 1 }
            for value in 1..<257 { starts[value] += starts[value - 1] }
            for item in sorted {
                let value = Int(truncatingIfNeeded: item.key >> shift & 0xFF)
                scattered[starts[value]] = item
                starts[value] += 1
            }
            swap(&sorted, &scattered)
        }
        return sorted
    }

    /// Byte order of two names.
    private static func isOrderedBefore(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBufferPointer { a in
            right.withUnsafeBufferPointer { b in
                let order = memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }
}
