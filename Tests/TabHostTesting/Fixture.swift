import Foundation
import SystemPackage

/// A temporary directory (mode 0700) that removes itself, with everything in it, when the object goes
/// away: a test holds it in a `let` for its scope (or uses `withFixture`), and writes and compiles its
/// module files there with `cc -shared -fPIC` against `tab_module.h` alone, as a third party would.
public final class Fixture {
    /// The repository root.
    public static var repoRoot: String { Products.repositoryRoot }
    /// The directory holding tab_module.h.
    public static var includeDirectory: String { repoRoot + "/Sources/CTabModule/include" }

    /// The fixture's directory.
    public let directory: String

    /// Makes a fresh directory `PREFIX-XXXXXX` under the system's temporary directory.
    public init(prefix: String = "tabhost-fixture") throws {
        directory = try Self.makeTemporaryDirectory(prefix: prefix)
    }

    deinit { remove() }

    /// Removes the directory and everything in it now (restoring permissions first); the fixture does
    /// this itself when it goes away, so call it only to see what follows the removal.
    public func remove() { Self.removeTree(directory) }

    /// The path of `name` in the fixture.
    public func path(_ name: String) -> String { directory + "/" + name }

    /// Writes raw bytes to `name`.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        _ = chmod(path, mode_t(mode))
        return path
    }

    /// Writes text to `name`.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String { try write(name, bytes: Array(text.utf8)) }

    /// Compiles C `source` into the shared library `name` (cc -shared -fPIC, only tab_module.h).
    @discardableResult
    public func compile(_ name: String, source: String, flags: [String] = ["-shared", "-fPIC"]) throws -> String {
        try Self.compileModule(source, to: path(name), flags: ["-Wall", "-Werror", "-std=c11"] + flags)
    }

    /// A fresh directory (mode 0700) named `PREFIX-XXXXXX` under the system's temporary directory,
    /// which the caller removes: prefer a `Fixture` or `withTemporaryDirectory`, which clean up.
    public static func makeTemporaryDirectory(prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp failed: \(Errno(rawValue: errno).description)") }
        return URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
    }

    /// Compiles C `source` with cc and only tab_module.h into `output` (mode 0755); the source file
    /// lives in a temporary directory for the compilation. `flags` are cc's options before the include path.
    @discardableResult
    public static func compileModule(_ source: String, to output: String, flags: [String] = ["-shared", "-fPIC"]) throws
        -> String
    {
        try withTemporaryDirectory(prefix: "tabhost-cc") { scratch in
            let name = (output as NSString).lastPathComponent
            let sourcePath = scratch + "/" + (name.hasSuffix(".c") ? name : name + ".c")
            try source.write(toFile: sourcePath, atomically: false, encoding: .utf8)
            try runChecked("/usr/bin/cc", flags + ["-I", includeDirectory, "-o", output, sourcePath])
        }
        _ = chmod(output, 0o755)
        return output
    }

    /// Runs a tool (see `run`) and throws with its output unless it exits with status 0.
    @discardableResult
    public static func runChecked(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try run(tool, arguments: arguments)
        guard result.succeeded else {
            throw FixtureError("\(tool) \(arguments.joined(separator: " ")) failed: \(result)")
        }
        return result
    }

    /// Removes `path` and everything under it, making directories writable first.
    static func removeTree(_ path: String) {
        _ = chmod(path, 0o700)
        guard let names = FileManager.default.enumerator(atPath: path) else { return }
        for case let name as String in names {
            var info = stat()
            if lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { _ = chmod(path + "/" + name, 0o700) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Calls `body` with a fresh `Fixture`, removed when `body` returns or throws.
public func withFixture<T>(prefix: String = "tabhost-fixture", _ body: (Fixture) throws -> T) throws -> T {
    let fixture = try Fixture(prefix: prefix)
    return try withExtendedLifetime(fixture) { try body(fixture) }
}

/// Calls `body` with the path of a fresh temporary directory (mode 0700), removed with everything in it
/// when `body` returns or throws.
public func withTemporaryDirectory<T>(prefix: String = "tabhost-test", _ body: (String) throws -> T) throws -> T {
    let directory = try Fixture.makeTemporaryDirectory(prefix: prefix)
    defer { Fixture.removeTree(directory) }
    return try body(directory)
}

/// Calls `body` with the path of a fresh temporary directory (mode 0700), removed with everything in it
/// when `body` returns or throws.
public func withTemporaryDirectory<T>(
    prefix: String = "tabhost-test", isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
) async throws -> T {
    let directory = try Fixture.makeTemporaryDirectory(prefix: prefix)
    defer { Fixture.removeTree(directory) }
    return try await body(directory)
}
