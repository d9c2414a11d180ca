import Foundation
import Testing

/// A temporary directory (mode 0700) where a test writes and compiles its module files; removed by `remove()`.
final class Fixture {
    /// The repository root, found from this file's path.
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    /// The directory holding tab_module.h.
    static let includeDirectory = repoRoot + "/Sources/CTabModule/include"

    /// The fixture's directory.
    let directory: String

    init() throws {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("tabhost-fixture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp failed") }
        directory = String(cString: made)
    }

    /// Removes the directory and everything in it (restoring permissions first).
    func remove() {
        _ = chmod(directory, 0o700)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The path of `name` in the fixture.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Writes raw bytes to `name`.
    @discardableResult
    func write(_ name: String, bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        _ = chmod(path, mode_t(mode))
        return path
    }

    /// Writes text to `name`.
    @discardableResult
    func write(_ name: String, text: String) throws -> String { try write(name, bytes: Array(text.utf8)) }

    /// Compiles C `source` into the shared library `name` (cc -shared -fPIC, only tab_module.h).
    @discardableResult
    func compile(_ name: String, source: String, flags: [String] = ["-shared", "-fPIC"]) throws -> String {
        let sourcePath = path(name + ".c")
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let output = path(name)
        try Fixture.run(
            "/usr/bin/cc", ["-Wall", "-Werror", "-std=c11"] + flags + ["-I", Fixture.includeDirectory, "-o", output, sourcePath])
        try? FileManager.default.removeItem(atPath: sourcePath)
        _ = chmod(output, 0o755)
        return output
    }

    /// Runs a tool and throws with its output if it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tabhost-cc-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        guard process.terminationStatus == 0 else {
            throw FixtureError("\(tool) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }
}

/// A fixture could not be built.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
