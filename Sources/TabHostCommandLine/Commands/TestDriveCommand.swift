import ArgumentParser
import FoundationEssentials
import Glibc
import TabHostDev
import TabHostScriptTesting

/// `tabhost test-drive FILE`: one session of a built module driven a step at a time over standard input
/// and output, as `tabhost test` runs a script's steps: the other end of the `TabModuleTesting` library's
/// `ModuleTester`, which runs it. Not for people (hidden from help).
struct TestDriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-drive",
        abstract: "Drives one module session a step at a time for TabModuleTesting (JSON lines).",
        discussion: """
            Reads .tabtest step lines from standard input; answers the start and each line with one JSON \
            line on standard output. See docs/modules/testing.md.
            """,
        shouldDisplay: false)

    @Argument(help: "The module file (.so).")
    var file: String

    @Option(help: "The module's name (its descriptor's); default: the file's name without lib and .so.")
    var name: String?

    @Option(help: "The param start gets.")
    var param: String?

    @Option(help: "A permission the module is granted (repeat it for more).")
    var grant: [String] = []

    @Option(help: "Fail a step whose module calls take more than MS milliseconds of the child's CPU time.")
    var slow: Int = 250

    func run() throws {
        let source = URL(fileURLWithPath: file).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: source) else {
            writeStandardError("tabhost test-drive: \(file): no such file; pass the built module's .so")
            throw ExitCode(2)
        }
        var stem = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        if stem.hasPrefix("lib") { stem.removeFirst(3) }
        let moduleName = name ?? stem
        guard let moduleDirectory = DevLoop.makeModuleDirectory() else {
            writeStandardError(
                "tabhost test-drive: cannot make a module directory in \(FileManager.default.temporaryDirectory.path); set TMPDIR")
            throw ExitCode(2)
        }
        defer { try? FileManager.default.removeItem(atPath: moduleDirectory) }
        do {
            try FileManager.default.copyItem(atPath: source, toPath: moduleDirectory + "/" + URL(fileURLWithPath: source).lastPathComponent)
        } catch {
            writeStandardError("tabhost test-drive: cannot copy \(source): \(error)")
            throw ExitCode(2)
        }
        let options = ScriptRunOptions(
            moduleDirectory: moduleDirectory, moduleName: moduleName, snapshotDirectory: moduleDirectory + "/snapshots",
            slowCall: .milliseconds(slow))
        ScriptDriver(options: options, param: param, grants: grant).run(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { line in Self.writeLine(line) })
    }

    /// Writes `line` and a newline to standard output at once, unbuffered: the tester waits for it.
    private static func writeLine(_ line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
