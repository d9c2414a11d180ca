import Glibc
import SystemPackage
import TabModuleLoading
import TabModuleRuntime
import _CIsolation

/// The sandbox a module's child applies before it opens the module: issue 31's default profile, made
/// by the host and sent with LOAD (`tabhost_isolation.h`). Every rule comes from the host, never from
/// the module: read its own directory, its private copy (the file, not the directory of every module's
/// copies), the Swift runtime's directory (`swiftRuntimeDirectories`), and the system files
/// `tabhost_sandbox_default_read_paths()` adds in the child. A module's RUNPATH and the host's
/// `LD_LIBRARY_PATH` add nothing: a module linked with `-rpath /` would otherwise choose to read every
/// file. Read and write: its `data_dir` (made here first, so the rule has a directory to name) and a
/// private temporary directory (TMPDIR).
struct ModuleSandboxProfile {
    var mode: SandboxMode
    var readPaths: [String]
    var writePaths: [String]
    /// The private temporary directory, 0700, removed when the child ends (`removeTemporaryDirectory`).
    var temporaryDirectory: String?
    /// Tasks, threads included, the child and its own processes may run together (LOAD's
    /// `max_processes`): counted in a user namespace of the child's own, so it applies as root too.
    var maxProcesses: UInt64
    var maxMemoryBytes: UInt64
    /// The granted permissions without a path (`network`, `system`, `exec`, `unrestricted`), which the
    /// child turns into its profile's switches; `read:PATH` and `write:PATH` are in the path lists.
    var grantedPermissions: [String] = []
    /// At most this Landlock ABI (0: the best the kernel offers): how tests reach an older kernel's path.
    var landlockABILimit: Int32 = 0
    /// What could not be prepared (a data_dir refused): said in the log with the report.
    var problems: [String] = []

    /// Address space a child may map; sanitizer builds skip it (the child says so).
    static let memoryCeiling: UInt64 = 8 << 30
    /// The sandbox's own tasks, threads included: room for the Swift runtime's cooperative pool and
    /// Dispatch's workers on a machine of many cores, while a fork of 256 processes (issue 31's fork
    /// bomb) fails, the forking process being one of the 256.
    static let processLimit: UInt64 = 256

    /// The default profile of `module` for `settings.sandbox`, opened by `granted` (permission names;
    /// `~/` is the user's home). Its private temporary directory is `madeAhead` when a spare child's
    /// was made ahead (`ModuleSandboxAhead`: taken over, the profile removes it), else one made now.
    init(for module: LoadedModule, settings: IsolationSettings, granted: [String] = [], madeAhead: String? = nil) {
        mode = settings.sandbox
        var read = [ModuleFileReader.parentDirectory(of: module.info.sourcePath), module.copyPath]
        // A module carrying its own Swift runtime needs none of the toolchain's: it stays out of reach.
        for runtime in Self.swiftRuntimeDirectories where !read.contains(runtime) && !module.info.carriesSwiftRuntime {
            read.append(runtime)
        }
        readPaths = read
        writePaths = []
        if let data = settings.dataDirectory {
            do {
                writePaths.append(try data.make(forModule: module.name, file: module.info.sourcePath))
            } catch {
                problems.append(error.description)
            }
        }
        switch madeAhead.map({ .success($0) }) ?? Self.makeTemporaryDirectory(for: module.name) {
        case .success(let path):
            temporaryDirectory = path
            writePaths.append(path)
        case .failure(let error):
            problems.append("no private temporary directory (\(error.description))")
        }
        maxProcesses = Self.processLimit
        maxMemoryBytes = settings.sandboxMemoryCeiling ?? Self.memoryCeiling
        landlockABILimit = settings.sandboxLandlockABILimit
        grant(granted)
        if settings.sandboxReportsFileDenials { grantedPermissions.append(Self.fileDenialsMark) }
        if ModuleSearchPath.environment(Self.withoutNamespacesVariable) == "1" { grantedPermissions.append(Self.withoutNamespacesMark) }
    }

    /// Adds the granted permissions: paths to the lists (`~/` expanded), the rest as names for the child.
    private mutating func grant(_ granted: [String]) {
        let home = ModuleSearchPath.environment("HOME")
        for name in granted {
            if let problem = ModulePermissions.problem(name) {
                problems.append("grant ignored: \(problem)")
                continue
            }
            switch ModulePermissions.grantedPath(name, home: home) {
            case nil:
                if !grantedPermissions.contains(name) { grantedPermissions.append(name) }
                continue
            case .needsHome:
                problems.append("grant \(name) ignored: HOME is not set, so ~/ names nothing")
                continue
            case .path(let prefix, let path):
                if prefix == "read:" { readPaths.append(path) } else { writePaths.append(path) }
            }
            // The child's filter allows inotify watches only with a granted path; "paths" is that mark, not
            // a permission (a child that predates it ignores the name).
            if !grantedPermissions.contains(Self.grantedPathsMark) { grantedPermissions.append(Self.grantedPathsMark) }
        }
    }

    /// Sent among the granted permissions when a `read:` or `write:` path was granted (inotify allowed).
    static let grantedPathsMark = "paths"
    /// Sent among the granted permissions in test mode: the child names refused file opens (a child that
    /// predates it ignores the name).
    static let fileDenialsMark = "report-files"
    /// Tests only: with this variable set to 1 in the host's environment, children leave out the PID, IPC
    /// and mount namespaces (`without_namespaces`), as on a system that refuses user namespaces, so the
    /// keeper's path can be tested where namespaces work (docs/internals/sandbox.md).
    static let withoutNamespacesVariable = "TABHOST_TEST_SANDBOX_WITHOUT_NAMESPACES"
    /// Sent among the granted permissions with that variable (a child that predates it ignores the name).
    static let withoutNamespacesMark = "no-namespaces"

    /// Appends LOAD's sandbox part.
    func write(to writer: inout WireWriter) {
        writer.u8(mode.wireValue)
        writer.string(temporaryDirectory)
        for list in [readPaths, writePaths] {
            writer.u32(UInt32(list.count))
            for path in list { writer.string(path) }
        }
        writer.u64(maxProcesses)
        writer.u64(maxMemoryBytes)
        writer.u32(UInt32(grantedPermissions.count))
        for permission in grantedPermissions { writer.string(permission) }
        writer.i32(landlockABILimit)
    }

    /// Where the private temporary directories are made, each `ROOT/PREFIXPID-NAME-XXXXXX` (PID the
    /// host's), so that the next host removes what a killed one left (`sweepKilledHosts()`).
    static let temporaryRoot = "/tmp"
    /// The start of every private temporary directory's name (see `temporaryRoot`).
    static let temporaryDirectoryPrefix = "tabhost-tmp-"

    /// A new private temporary directory for module `name` (`spare` for a spare child's, made before its
    /// module is known): 0700, empty.
    static func makeTemporaryDirectory(for name: String) -> Result<String, Errno> {
        var template = Array("\(temporaryRoot)/\(temporaryDirectoryPrefix)\(getpid())-\(name.prefix(32))-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return .failure(Errno(rawValue: errno)) }
        return .success(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Removes the private temporary directory and what the module left in it, never following a link
    /// the module put there (`FileTreeRemoval`).
    func removeTemporaryDirectory() {
        if let temporaryDirectory { FileTreeRemoval.remove(temporaryDirectory) }
    }

    /// Removes, once in the process, the private temporary directories of hosts that ended without
    /// removing them (killed), with what their modules left there. `ModuleHostSpawner`'s thread calls it
    /// after its first start, while that child links, so a full /tmp costs neither the loop thread nor
    /// the first child's start.
    static func sweepKilledHosts() { _ = swept }

    private static let swept: Bool = {
        ModuleCopyDirectory.sweep(root: temporaryRoot, prefix: temporaryDirectoryPrefix)
        return true
    }()

    /// The Swift runtime directories a module may read: the one recorded when TabHost was built (a
    /// release `tabhost` links its runtime statically, so its map names none) and the one this host maps,
    /// when it maps one and it differs. Both come from the host's own build, never from a module.
    static let swiftRuntimeDirectories: [String] = {
        var directories: [String] = []
        if let recorded = tabhost_isolation_swift_runtime_directory().map({ String(cString: $0) }) { directories.append(recorded) }
        if let mapped = swiftRuntimeDirectory, !directories.contains(mapped) { directories.append(mapped) }
        return directories
    }()

    /// The directory of the Swift runtime this host maps (a Swift module's RUNPATH names the same
    /// toolchain's); nil when the host maps no libswiftCore.so. The dynamic loader names the file of a
    /// runtime function: reading /proc/self/maps would make the kernel format every mapping, on the
    /// first child's start.
    private static let swiftRuntimeDirectory: String? = {
        guard let file = tabhost_isolation_mapped_swift_runtime().map({ String(cString: $0) }),
            file.hasSuffix("/libswiftCore.so")
        else { return nil }
        return ModuleFileReader.parentDirectory(of: file)
    }()
}
