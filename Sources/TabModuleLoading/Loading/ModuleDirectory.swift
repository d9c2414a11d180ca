/// A directory to look for modules in, optionally limited to file names with a prefix.
public struct ModuleDirectory: Sendable, Equatable {
    /// The directory path.
    public var path: String
    /// When set, only `PREFIX*.so` files are modules (used for the build directory default).
    public var namePrefix: String?

    /// Creates a directory entry; `namePrefix` nil means every `*.so`.
    public init(_ path: String, namePrefix: String? = nil) {
        self.path = path
        self.namePrefix = namePrefix
    }

    /// The directory as an absolute path without trailing slashes: one key for `dir`, `dir/` and
    /// `./dir` (the registry's listings, the metadata cache's files of a directory).
    public var absolutePath: String {
        var path = ModuleFileReader.absolute(self.path)
        while path.utf8.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// True for a file name this directory loads: a module file name
    /// (``ModuleNameRules/fileNameProblem(_:suffix:)``) with the prefix if one is set.
    public func isModuleFileName(_ name: String) -> Bool {
        guard ModuleNameRules.fileNameProblem(name) == nil else { return false }
        return namePrefix.map(name.hasPrefix) ?? true
    }

    /// ``isModuleFileName(_:)`` for a name as the directory listing gives it: byte for byte the same
    /// rule (suffix, not hidden, something before the suffix, the prefix) without making a String.
    public func isModuleFileName(utf8 name: [UInt8]) -> Bool {
        guard ModuleNameRules.isFileName(utf8: name) else { return false }
        return namePrefix.map { name.starts(with: $0.utf8) } ?? true
    }

    /// True for a name an installed bundle directory `D` of this directory may have: `D.so` is a
    /// module file name (so `D` is not hidden and has the prefix if one is set).
    public func isBundleName(utf8 name: [UInt8]) -> Bool {
        !name.isEmpty && isModuleFileName(utf8: name + Array(ModuleNameRules.fileSuffix.utf8))
    }

    /// True for a module file's path relative to this directory as discovery lists it: a module file
    /// name, or `D/D.so` of a bundle directory `D`.
    public func isModuleRelativePath(_ relative: Substring) -> Bool {
        guard let slash = relative.firstIndex(of: "/") else { return isModuleFileName(String(relative)) }
        let bundle = relative[..<slash]
        return relative[relative.index(after: slash)...] == bundle + ModuleNameRules.fileSuffix
            && isBundleName(utf8: Array(bundle.utf8))
    }
}
