#if canImport(Glibc)
import Glibc
#endif

/// Finds module files without loading them.
public enum ModuleDiscovery {
    /// The module files found and the directories that could not be read.
    public struct Result: Sendable, Equatable {
        /// Absolute paths of `*.so` files, directory by directory, each directory sorted by name.
        public var files: [String]
        /// One error per missing or unreadable directory.
        public var errors: [ModuleError]
    }

    /// Lists the `*.so` files (not hidden, sorted, non-recursive) in each directory, in order.
    /// A missing or unreadable directory gives one error; the others are still listed.
    public static func scan(_ directories: [ModuleDirectory]) -> Result {
        var result = Result(files: [], errors: [])
        for directory in directories {
            do throws(ModuleError) {
                result.files += try files(in: directory)
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    /// The module files of one directory, sorted by name.
    public static func files(in directory: ModuleDirectory) throws(ModuleError) -> [String] {
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
        // Names are kept as bytes until sorted: byte order (so the "first file wins" rule does not depend
        // on the locale) compares arrays directly, where Strings compare by Unicode canonical
        // equivalence, far dearer for each pair a sort of many names compares (docs/contributing/performance-history.md).
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if directory.isModuleFileName(utf8: name) { names.append(name) }
        }
        names.sort { left, right in
            left.withUnsafeBufferPointer { a in
                right.withUnsafeBufferPointer { b in
                    let order = memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
                    return order != 0 ? order < 0 : a.count < b.count
                }
            }
        }
        var base = Array(path.utf8)
        while base.count > 1 && base.last == UInt8(ascii: "/") { base.removeLast() }
        if base != [UInt8(ascii: "/")] { base.append(UInt8(ascii: "/")) }
        return names.map { String(decoding: base + $0, as: UTF8.self) }
    }
}
