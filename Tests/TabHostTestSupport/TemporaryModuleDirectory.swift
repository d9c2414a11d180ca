import Foundation

/// A temporary directory (mode 0700) where a test writes and compiles its module files with
/// `cc -shared -fPIC` against `tab_module.h` alone, as a third party would; `remove()` cleans up.
public final class TemporaryModuleDirectory {
    /// The repository root, found from this file's path.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    /// The directory holding tab_module.h.
    public static let includeDirectory = repositoryRoot + "/Sources/CTabModule/include"

    /// The directory.
    public let path: String

    /// Makes a fresh directory under the system's temporary directory.
    public init() throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("tabhost-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSupportError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        path = String(cString: made)
    }

    /// Removes the directory and everything in it.
    public func remove() {
        _ = chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name`; returns its path.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        let target = file(name)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// Compiles C `source` into the shared library `name` (mode 0755); returns its path.
    @discardableResult
    public func compileModule(_ name: String, source: String, flags: [String] = []) throws -> String {
        let sourcePath = file(name + ".c")
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let output = file(name)
        try Self.run(
            "/usr/bin/cc",
            ["-Wall", "-Werror", "-std=c11", "-shared", "-fPIC"] + flags
                + ["-I", Self.includeDirectory, "-o", output, sourcePath])
        try? FileManager.default.removeItem(atPath: sourcePath)
        _ = chmod(output, 0o755)
        return output
    }

    /// Runs a tool; throws with its output when it fails.
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
            throw TestSupportError(
                "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: output, as: UTF8.self))")
        }
    }
}
