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

    /// Byte order by `memcmp` on the names' UTF-8 (the generic comparison cost a thousand
    /// instructions a pair when sorting 1,000 names).
    static func bytewise(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
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
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if directory.isModuleFileName(name) { names.append(name) }
        }
        // Byte order, so the "first file wins" rule does not depend on the locale (compared in
        // place: copying both names into arrays per comparison dominated discovery).
        names.sort(by: Self.bytewise)
        let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return names.map { base == "/" ? "/\($0)" : "\(base)/\($0)" }
    }
}
