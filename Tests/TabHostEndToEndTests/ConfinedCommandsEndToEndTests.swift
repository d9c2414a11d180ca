import Foundation
import TabHostTesting
import Testing

/// No command runs a module's code unconfined: `list`, `inspect`, `grant`, `revoke`, `permissions` and
/// `check-layout` open each module file in a scanner child under the tightest profile (nothing
/// writable), unless the user says `--sandbox off`. The hostile module's constructor writes a file
/// outside anything the profile opens; under the sandbox the file never appears, and the control,
/// `--sandbox off`, proves the constructor runs and writes it.
@Suite(.serialized, .blocking)
struct ConfinedCommandsEndToEndTests {
    /// Each command that opens module files, with the arguments it needs (`MODULES` and `LAYOUT` are
    /// replaced by the fixture's paths).
    static let commands: [[String]] = [
        ["list", "MODULES"],
        ["inspect", "hostile", "--modules", "MODULES"],
        ["grant", "hostile", "network", "--modules", "MODULES"],
        ["revoke", "hostile", "--modules", "MODULES"],
        ["permissions", "--modules", "MODULES"],
        ["check-layout", "LAYOUT", "--modules", "MODULES"],
    ]

    @Test(arguments: commands, ["on", "off"])
    func aModulesConstructorRunsConfinedInEveryCommand(command: [String], sandbox: String) throws {
        try ListInspectSupport.withDirectory { scratch in
            let modules = scratch + "/modules"
            let victim = scratch + "/victim"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
            let marker = victim + "/written-by-the-module"
            try ListInspectSupport.compileModule(
                modules + "/hostile.so", fields: #".name = "hostile", .version = "1.0", .title = "Hostile""#,
                entry: """
                    TAB_MODULE_DECLARE(descriptor)
                    #include <fcntl.h>
                    #include <unistd.h>
                    __attribute__((constructor)) static void tabhost_hostile_write(void) {
                        int fd = open("\(marker)", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
                        if (fd >= 0) close(fd);
                    }
                    """)
            let layout = scratch + "/layout.json"
            try #"{"root": {"stack": {"module": "hostile"}}}"#.write(toFile: layout, atomically: false, encoding: .utf8)
            let arguments =
                command.map { $0 == "MODULES" ? modules : $0 == "LAYOUT" ? layout : $0 } + (sandbox == "off" ? ["--sandbox", "off"] : [])
            let output = try ListInspectSupport.run(
                arguments, environment: ["XDG_CONFIG_HOME": scratch + "/config", "XDG_DATA_HOME": scratch + "/data"])
            #expect(output.status == 0, "\(output)")
            #expect(FileManager.default.fileExists(atPath: marker) == (sandbox == "off"), "\(arguments) \(output)")
        }
    }

    /// A command's scanner ends whole before the command exits: its child, the child's namespace's PID 1
    /// and the file's process all reaped by the host's own child, none left for the system's init (which
    /// may take its time: a PID 1 that ends waits in the kernel until every process of its namespace is
    /// reaped). The command runs under a parent that is a subreaper, as the system's init would be for
    /// what it leaves behind; the module's constructor forks a process that starts a session of its own.
    @Test(arguments: commands)
    func aCommandLeavesNoProcessForInitToReap(command: [String]) throws {
        let result = try Self.runUnderSubreaper(
            command, constructor: "if (fork() == 0) { setsid(); for (;;) pause(); }")
        #expect(result.stdout == "status 0, left 0\n", "\(command) \(result)")
    }

    /// With the sandbox off a module's own forks are its own (the control of the test above would show
    /// them), but the scanner's processes are the host's: told by end-of-file, its fork server kills and
    /// reaps the processes it keeps ready before it exits, and none is left for init. This module forks
    /// nothing.
    @Test(arguments: commands)
    func withTheSandboxOffTheScannerLeavesNoProcessForInitToReap(command: [String]) throws {
        let result = try Self.runUnderSubreaper(command + ["--sandbox", "off"], constructor: "")
        #expect(result.stdout == "status 0, left 0\n", "\(command) \(result)")
    }

    /// Runs the built `tabhost` with `command` under a subreaper the test builds, against one module
    /// whose constructor runs `constructor`; the subreaper prints the status and how many processes
    /// came to it.
    static func runUnderSubreaper(_ command: [String], constructor: String) throws -> ProcessResult {
        try ListInspectSupport.withDirectory { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            try ListInspectSupport.compileModule(
                modules + "/hostile.so", fields: #".name = "hostile", .version = "1.0", .title = "Hostile""#,
                entry: """
                    TAB_MODULE_DECLARE(descriptor)
                    #include <unistd.h>
                    __attribute__((constructor)) static void tabhost_hostile_start(void) {
                        \(constructor)
                    }
                    """)
            let subreaper = try Subreaper.build(into: scratch)
            let layout = scratch + "/layout.json"
            try #"{"root": {"stack": {"module": "hostile"}}}"#.write(toFile: layout, atomically: false, encoding: .utf8)
            let arguments = command.map { $0 == "MODULES" ? modules : $0 == "LAYOUT" ? layout : $0 }
            return try TabHostTesting.run(
                subreaper, arguments: ["--quiet", Products.tabhost] + arguments,
                environment: [
                    "XDG_CACHE_HOME": scratch + "/cache", "XDG_CONFIG_HOME": scratch + "/config", "XDG_DATA_HOME": scratch + "/data",
                ])
        }
    }
}
