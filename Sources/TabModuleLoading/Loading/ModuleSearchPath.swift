#if canImport(Glibc)
import Glibc
#endif

/// The module directories used when the user names none.
public enum ModuleSearchPath {
    /// The prefix of the example modules built next to the `tabhost` executable.
    public static let examplePrefix = "libTabExample"

    /// `explicit` as directories, or `defaultDirectories()` when it is empty.
    public static func directories(_ explicit: [String]) -> [ModuleDirectory] {
        explicit.isEmpty ? defaultDirectories() : explicit.map { ModuleDirectory($0) }
    }

    /// The default search path: the built examples (`libTabExample*.so` in the directory of the
    /// running executable, or for an installed `PREFIX/bin/tabhost` in `PREFIX/lib/tabhost/modules`),
    /// then `$XDG_DATA_HOME/tabhost/modules` (default `~/.local/share/tabhost/modules`) if it exists.
    public static func defaultDirectories() -> [ModuleDirectory] {
        var directories: [ModuleDirectory] = []
        if let executable = executableDirectory() {
            let installed = ModuleFileReader.parentDirectory(of: executable) + "/" + installedExamplesPath
            directories.append(
                ModuleDirectory(isDirectory(installed) ? installed : executable, namePrefix: examplePrefix))
        }
        if let user = userDirectory(), isDirectory(user) {
            directories.append(ModuleDirectory(user))
        }
        return directories
    }

    /// `explicit` as directories, or for a host that watches its module directories, the default search
    /// path with the user directory made first when it is missing (0700, as its missing parents): a module
    /// installed while the host runs (`tabhost install`'s first one) then lands in a directory it watches.
    public static func watchedDirectories(_ explicit: [String]) -> [ModuleDirectory] {
        guard explicit.isEmpty else { return directories(explicit) }
        if let user = userDirectory(), !isDirectory(user) { makeDirectories(user) }
        return defaultDirectories()
    }

    /// `mkdir -p` with mode 0700; a failure leaves the path missing (the search path then skips it).
    private static func makeDirectories(_ path: String) {
        let parent = ModuleFileReader.parentDirectory(of: path)
        if parent != path, parent != "/", !isDirectory(parent) { makeDirectories(parent) }
        _ = mkdir(path, 0o700)
    }

    /// Where `Scripts/install` puts the example modules, relative to the prefix.
    public static let installedExamplesPath = "lib/tabhost/modules"

    /// `$XDG_DATA_HOME/tabhost/modules`, or `$HOME/.local/share/tabhost/modules`.
    public static func userDirectory() -> String? {
        if let data = environment("XDG_DATA_HOME"), data.hasPrefix("/") { return data + "/tabhost/modules" }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home + "/.local/share/tabhost/modules"
    }

    /// The directory of the running executable (`/proc/self/exe`); for one installed in
    /// `PREFIX/libexec/tabhost` (`tabhost-web`, which `tabhost serve` execs), `PREFIX/bin`: it finds the
    /// installed layouts and examples as the `tabhost` that started it does.
    public static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = ModuleFileReader.parentDirectory(of: path)
        let libexec = "/libexec/tabhost"
        guard directory.hasSuffix(libexec) else { return directory }
        return String(directory.dropLast(libexec.count)) + "/bin"
    }

    /// The variable's value, or nil when it is unset or empty.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

extension ModuleSearchPath {
    /// True for a valid module name: 1 to 64 bytes of `[a-z0-9._-]`, not starting with a dot.
    public static func isValidModuleName(_ name: String) -> Bool { DescriptorValidator.isValidName(name) }
}
