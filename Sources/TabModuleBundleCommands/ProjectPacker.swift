import Logging
import TabHostCore
import TabHostDev
import TabModuleBundle
import TabModuleBundleArchive
import TabModuleIsolation
import TabModuleLoading

#if canImport(Glibc)
import Glibc
#endif

/// `tabhost pack`: the project's release build, its descriptor read by the scanner child, its `tabmod.json`,
/// the manifest checked against the descriptor, and the signed bundle.
///
/// In the bundle the `.so` is `ARCH/FILE.so`; its image and its `.resources` directory keep their paths
/// relative to the `.so`'s directory (install puts the `.so` back beside them).
struct ProjectPacker {
    let directory: String
    let keyPath: String
    let output: String?

    func pack() throws -> [String] {
        let project: DevProject
        do {
            project = try DevProject.detect(in: directory)
        } catch {
            throw BundleCommandError(error.description)
        }
        let root = project.directory
        let settingsPath = root + "/tabmod.json"
        guard access(settingsPath, F_OK) == 0 else {
            throw BundleCommandError(
                "\(settingsPath): missing; write it with the fields publisher, description, license, homepage and updates "
                    + "(tabhost new writes one)")
        }
        let settings = try ProjectBundleSettings.decode(BundleFile.read(settingsPath, limit: 1 << 20), path: settingsPath)
        try settings.refusePlaceholders(path: settingsPath)
        let key = try SecretKey.forCommand(path: keyPath)
        let built: String
        switch project.language {
        case .c:
            try ReleaseBuild.run(project.buildCommand, in: root)
            built = project.builtFile
        case .swift:
            try ReleaseBuild.run(["swift", "build", "-c", "release", "--package-path", root, "--product", project.name], in: root)
            built = "\(root)/.build/release/lib\(project.name).so"
        }
        guard access(built, R_OK) == 0 else {
            throw BundleCommandError("\(built): the build made no module file; check the project's build and pack again")
        }
        try Self.refuseToolchainRuntime(BundleFile.read(built, limit: Self.fileLimit), built: built, language: project.language)
        let info = try Self.descriptor(of: built)
        if let wanted = settings.version, wanted != info.version {
            throw BundleCommandError(
                "\(settingsPath): version \"\(wanted)\", but the module's descriptor says \(info.version.map { "\"\($0)\"" } ?? "none"); "
                    + "make them the same (or drop version from tabmod.json) and pack again")
        }
        let files = try Self.files(of: built, info: info)
        let manifest = try BundleManifest(
            settings: settings, descriptor: info, files: files.map { BundleFileEntry(path: $0.path, bytes: $0.bytes, arch: $0.arch) },
            project: root)
        try manifest.checkAgrees(with: info, file: files[0].path, bundle: root)
        let path = output ?? "\(manifest.name)-\(manifest.version).tabmod"
        let written = try BundleSigner.pack(manifest: manifest, files: files, key: key, timestamp: Int(time(nil)), output: path)
        let count = written.files.count == 1 ? "1 file" : "\(written.files.count) files"
        return [
            "\(path): \(written.name) \(written.version), \(count), signed by key id \(key.keyID)",
            "permissions: \(written.permissions.isEmpty ? "none" : written.permissions.joined(separator: ", "))",
        ]
    }

    /// Refuses a module that needs a Swift toolchain's shared runtime (`DT_NEEDED libswift…`): on a machine without
    /// that toolchain, or with another Swift version, it would not load. The scaffold's release build carries the
    /// runtime inside instead (`-static-stdlib`).
    static func refuseToolchainRuntime(_ bytes: [UInt8], built: String, language: DevProject.Language) throws {
        guard (try? ELFFacts.check(bytes, path: built))?.needsSwiftRuntime == true else { return }
        let fix =
            language == .swift
            ? "add linkerSettings: [.unsafeFlags([\"-static-stdlib\"], .when(configuration: .release))] to its target "
                + "in Package.swift (tabhost new --swift writes it)"
            : "link it without the Swift runtime libraries"
        throw BundleCommandError(
            "\(built): the module needs the Swift runtime libraries of the toolchain that built it (libswift…), "
                + "which a machine without that toolchain lacks; \(fix), and pack again")
    }

    /// The descriptor of `file`, read by a scanner child (this process never opens the module).
    static func descriptor(of file: String) throws -> ModuleInfo {
        let quiet = Logger(label: "tabhost-pack", factory: { _ in SwiftLogNoOpLogHandler() })
        let chain = try ModuleLoadingChain(
            options: ModuleLoadOptions(), scanner: IsolationSettings(sandbox: .on).scanner(logger: quiet), logger: quiet)
        defer { chain.copies.removeAll() }
        let entry = chain.registry.entry(file: file)
        guard let info = entry.module?.info else {
            throw BundleCommandError(entry.error?.description ?? "\(file): not a module; check the project's build and pack again")
        }
        return info
    }

    /// The `.so` (first), its image and every file of `.resources` directories beside it.
    static func files(of built: String, info: ModuleInfo) throws -> [(path: String, bytes: [UInt8], arch: String?)] {
        let slash = built.lastIndex(of: "/")!
        let folder = String(built[..<slash])
        let fileName = String(built[built.index(after: slash)...])
        let arch = Self.architecture()
        var files: [(path: String, bytes: [UInt8], arch: String?)] = [
            ("\(arch)/\(fileName)", try BundleFile.read(built, limit: Self.fileLimit), arch)
        ]
        var seen: Set<String> = []
        for resources in Self.entries(of: folder) where resources.hasSuffix(".resources") && Self.isDirectory(folder + "/" + resources) {
            for relative in Self.walk(folder + "/" + resources, prefix: resources) {
                files.append((relative, try BundleFile.read(folder + "/" + relative, limit: Self.fileLimit), nil))
                seen.insert(relative)
            }
        }
        if let image = info.imagePath, image.hasPrefix(folder + "/") {
            let relative = String(image.dropFirst(folder.count + 1))
            if !seen.contains(relative) {
                files.append((relative, try BundleFile.read(image, limit: Self.fileLimit), nil))
            }
        }
        return files
    }

    /// The largest file a bundle may hold.
    static let fileLimit = Int(BundleLimits.standard.maximumFileBytes)

    /// The running machine's architecture, as the manifest names it.
    static func architecture() -> String {
        var names = utsname()
        uname(&names)
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return machine == "aarch64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu"
    }

    /// The names in `directory`, sorted.
    static func entries(of directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = DirectoryEntry.name(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` is a directory (not a link to one).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a regular file (not a link to one).
    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Regular files below `directory`, as `prefix/…`, sorted; links and other kinds are left out.
    static func walk(_ directory: String, prefix: String) -> [String] {
        var found: [String] = []
        for name in entries(of: directory) {
            let path = directory + "/" + name
            if isDirectory(path) {
                found += walk(path, prefix: prefix + "/" + name)
            } else if isFile(path) {
                found.append(prefix + "/" + name)
            }
        }
        return found
    }
}
