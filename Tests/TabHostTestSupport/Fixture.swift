import Foundation

/// A temporary directory (mode 0700) where a test writes and compiles its module files with
/// `cc -shared -fPIC` against `tab_module.h` alone, as a third party would; `remove()` cleans up.
public final class Fixture {
    /// The repository root, found from this file's path.
    public static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    /// The directory holding tab_module.h.
    public static let includeDirectory = repoRoot + "/Sources/CTabModule/include"

    /// The fixture's directory.
    public let directory: String

    /// Makes a fresh directory under the system's temporary directory.
    public init() throws {
        directory = try Self.makeTemporaryDirectory(prefix: "tabhost-fixture")
    }

    /// Removes the directory and everything in it (restoring permissions first).
    public func remove() {
        _ = chmod(directory, 0o700)
        try? FileManager.default.removeItem(atPath: directory)
    }

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

    /// A fresh directory (mode 0700) named `PREFIX-XXXXXX` under the system's temporary directory.
    public static func makeTemporaryDirectory(prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        return URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
    }

    /// Compiles C `source` with cc and only tab_module.h into `output` (mode 0755); the source file
    /// is written next to it and removed. `flags` are cc's options before the include path.
    @discardableResult
    public static func compileModule(_ source: String, to output: String, flags: [String] = ["-shared", "-fPIC"]) throws
        -> String
    {
        let sourcePath = output + ".c"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: sourcePath) }
        try run("/usr/bin/cc", flags + ["-I", includeDirectory, "-o", output, sourcePath])
        _ = chmod(output, 0o755)
        return output
    }

    /// Runs a tool and throws with its output if it fails.
    public static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(
                "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: output, as: UTF8.self))")
        }
    }
}
