#if canImport(Glibc)
import Glibc
#endif

/// A program that ships with `tabhost` (`tabhost-module-host`, `tabhost-web`), found by one rule:
/// the path in its environment variable when that is set, else beside the running executable (where
/// SwiftPM builds them all, and where a test bundle runs), else in `../libexec/tabhost/` (the
/// installed layout). "The running executable" is `ModuleSearchPath.executableDirectory()`, so a
/// program started from `PREFIX/libexec/tabhost` looks where one started from `PREFIX/bin` does.
public struct CompanionExecutable: Sendable {
    /// Its file name.
    public let name: String
    /// The environment variable that names it outright.
    public let environmentVariable: String

    /// The module host child of process isolation.
    public static let moduleHost = CompanionExecutable(name: "tabhost-module-host", environmentVariable: "TABHOST_MODULE_HOST")
    /// The browser front end that `tabhost` execs for `serve` and `run --web`.
    public static let web = CompanionExecutable(name: "tabhost-web", environmentVariable: "TABHOST_WEB")
    /// The bundle tools (libarchive) that `tabhost` execs for `pack` and `feed`.
    public static let bundle = CompanionExecutable(name: "tabhost-bundle", environmentVariable: "TABHOST_BUNDLE")

    /// A program called `name`, named outright by `environmentVariable`.
    public init(name: String, environmentVariable: String) {
        self.name = name
        self.environmentVariable = environmentVariable
    }

    /// The path from the environment variable, when it is set and not empty.
    public var pathFromEnvironment: String? {
        ModuleSearchPath.environment(environmentVariable)
    }

    /// Where it may be, in the order tried: only the environment's path when that is set.
    public var candidates: [String] {
        candidates(named: pathFromEnvironment)
    }

    /// The first candidate that is an executable file, or nil.
    public var executablePath: String? {
        Self.firstExecutable(of: candidates)
    }

    /// The first executable candidate, else the first one (so a failure to start names where it was expected).
    public var path: String {
        let tried = candidates
        return Self.firstExecutable(of: tried) ?? tried[0]
    }

    /// The candidates when the environment names `path` (nil: it names nothing); the rule without
    /// reading the environment, which tests cannot set safely while other threads read it.
    func candidates(named path: String?) -> [String] {
        if let path { return [path] }
        let directory = ModuleSearchPath.executableDirectory() ?? "."
        return [directory + "/" + name, ModuleFileReader.parentDirectory(of: directory) + "/libexec/tabhost/" + name]
    }

    /// The first of `paths` that is an executable file, or nil.
    public static func firstExecutable(of paths: [String]) -> String? {
        paths.first { access($0, X_OK) == 0 }
    }
}
