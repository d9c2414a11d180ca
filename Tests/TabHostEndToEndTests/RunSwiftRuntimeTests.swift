import Foundation
import TabHostTesting
import Testing

/// A module whose image has Swift code (a `swift5_` section) but needs no `libswift…` library carries its own
/// Swift runtime (a Swift bundle's release build): its child's sandbox leaves the toolchain's runtime directory
/// out, and `--isolation none` refuses it with one line. A module that needs the shared runtime (`DT_NEEDED
/// libswiftCore.so`) keeps reading it, so the test can fail. Both are C fixtures: no Swift build here.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunSwiftRuntimeTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// The Swift runtime directory of the toolchain on PATH (`swift` → `../lib/swift/linux`).
    static func swiftRuntimeDirectory() throws -> String {
        let found = try run("/bin/sh", arguments: ["-c", "readlink -f \"$(command -v swift)\""])
        let swift = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = URL(fileURLWithPath: swift).deletingLastPathComponent().deletingLastPathComponent().path + "/lib/swift/linux"
        try #require(FileManager.default.fileExists(atPath: directory + "/libswiftCore.so"), "no Swift runtime at \(directory)")
        return directory
    }

    /// `carrier` (Swift section, no Swift library needed) and `shared` (the same, linked to libswiftCore.so);
    /// each shows whether it can open the runtime's libswiftCore.so.
    private static func modules(in scratch: String, runtime: String) throws -> String {
        let modules = scratch + "/mods"
        mkdir(modules, 0o755)
        for (name, title, link) in [
            ("carrier", "Carrier", [String]()),
            ("shared", "Shared", ["-L", runtime, "-Wl,--no-as-needed", "-lswiftCore", "-Wl,-rpath," + runtime]),
        ] {
            let body = #"""
                int fd = open("\#(runtime)/libswiftCore.so", O_RDONLY | O_CLOEXEC);
                api->text(view, fd >= 0 ? "toolchain: readable" : "toolchain: denied");
                if (fd >= 0) close(fd);
                """#
            let source =
                "#define _GNU_SOURCE\n#include <fcntl.h>\n#include <unistd.h>\n"
                + "__attribute__((section(\"swift5_protocols\"), used)) static const char swift_marker[4] = \"swft\";\n"
                + R.moduleSource(name: name, title: title, body: body)
            try Fixture.compileModule(source, to: "\(modules)/\(name).so", flags: ["-shared", "-fPIC", "-Wall", "-Werror"] + link)
        }
        return modules
    }

    @Test func aModuleCarryingItsRuntimeRunsOnlyIsolatedAndItsSandboxLeavesTheToolchainOut() throws {
        try R.withScratch { scratch in
            let runtime = try Self.swiftRuntimeDirectory()
            let modules = try Self.modules(in: scratch, runtime: runtime)
            let needed = try run("readelf", arguments: ["-d", modules + "/shared.so"])
            try #require(needed.stdout.contains("[libswiftCore.so]"), "\(needed.stdout)")

            // Isolated, sandbox on (the defaults): the carrier's child cannot read the toolchain, the other's can.
            let isolated = try T(R.runCommand(["--modules", modules], scratch: scratch))
            let carrier = try isolated.waitFor("toolchain:")
            #expect(R.line(containing: "toolchain:", in: carrier)?.contains("toolchain: denied") == true, "\(carrier)")
            try isolated.send("2")
            let shared = try isolated.waitFor("toolchain: readable")
            #expect(shared.contains("Shared"))
            try isolated.send("q")
            try isolated.waitFor("STATUS:0")

            // In the host's process: the carrier is refused with one line (it gets no tab), the other runs.
            let inProcess = try T(R.runCommand(["--modules", modules, "--isolation", "none", "--sandbox", "off"], scratch: scratch))
            let screen = try inProcess.waitFor("toolchain: readable")
            #expect(!screen.contains("Carrier"), "\(screen)")
            try inProcess.send("q")
            try inProcess.waitFor("STATUS:0")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            let lines = log.split(separator: "\n").filter { $0.contains("carrier.so") }
            #expect(
                lines.count == 1
                    && lines[0].hasSuffix(
                        "/mods/carrier.so: it carries its own Swift runtime, so it cannot run in the host's process, which has one; "
                            + "run it isolated, as by default (drop --isolation none, or \"isolation\": \"none\" in the layout)"),
                "\(log)")
        }
    }
}
