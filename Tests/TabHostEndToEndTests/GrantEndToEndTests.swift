import Foundation
import TabHostTesting
import Testing

/// `tabhost grant`, `revoke` and `permissions`, run as a user would with a private XDG_CONFIG_HOME:
/// stdout, stderr, exit status and the store file they leave.
@Suite(.blocking)
struct GrantEndToEndTests {
    typealias S = ListInspectSupport

    /// Calls `body` with a directory holding the module `alpha` (which asks for network and
    /// read:~/Documents) in `modules/`, and a `run` that runs `tabhost` with `config/` as XDG_CONFIG_HOME.
    private func withModules<T>(
        _ body: (_ directory: String, _ run: ([String]) throws -> S.Output) throws -> T
    ) throws -> T {
        try S.withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/modules", withIntermediateDirectories: true)
            try S.compileModule(
                dir + "/modules/a.so", fields: #".name = "alpha", .title = "Alpha", .permissions = "network read:~/Documents""#)
            return try body(dir) { arguments in
                try S.run(arguments + ["--modules", dir + "/modules"], environment: ["XDG_CONFIG_HOME": dir + "/config"])
            }
        }
    }

    @Test func grantThenPermissionsThenRevoke() throws {
        try withModules { dir, run in
            let file = dir + "/modules/a.so"
            let granted = try run(["grant", "alpha", "network", "read:~/x"])
            #expect(granted == S.Output(stdout: "alpha (\(file)): granted network read:~/x\n", stderr: "", status: 0), "\(granted)")
            let store = dir + "/config/tabhost/permissions.json"
            let attributes = try FileManager.default.attributesOfItem(atPath: store)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)

            let shown = try run(["permissions", "alpha"])
            #expect(shown.status == 0, "\(shown)")
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            #expect(
                Array(lines.prefix(5)) == [
                    "alpha (\(file))", "  asks:     network read:~/Documents", "  granted:  network read:~/x",
                    "  missing:  read:~/Documents (tabhost grant alpha read:~/Documents, or Allow on its tab)",
                    "enforced by the sandbox of each module's process (tabhost run, serve and dev; not with --sandbox off or --isolation none)",
                ])
            #expect(lines.last?.hasPrefix("this kernel: ") == true)

            let json = try run(["permissions", "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let modules = try #require(object["modules"] as? [[String: Any]])
            #expect(modules.count == 1)
            #expect(modules.first?["granted"] as? [String] == ["network", "read:~/x"])
            #expect(modules.first?["asks"] as? [String] == ["network", "read:~/Documents"])
            #expect(object["enforced"] as? Bool == true)
            #expect(modules.first?["missing"] as? [String] == ["read:~/Documents"])

            let some = try run(["revoke", "alpha", "network"])
            #expect(some.stdout == "alpha (\(file)): revoked network; granted read:~/x\n", "\(some)")
            let all = try run(["revoke", "alpha"])
            #expect(all.stdout == "alpha (\(file)): revoked read:~/x; granted nothing\n", "\(all)")
            #expect(try run(["permissions", "alpha"]).stdout.contains("  granted:  nothing\n"))
        }
    }

    /// `tabhost inspect NAME` says what the module asks for, what it was granted and what is missing,
    /// with the command that grants it, in text and JSON; nothing is missing once all is granted.
    @Test func inspectShowsWhatIsGrantedAndWhatIsMissing() throws {
        try withModules { _, run in
            #expect(try run(["grant", "alpha", "network"]).status == 0)
            let text = try run(["inspect", "alpha"])
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("permissions:  network read:~/Documents\n"), "\(text)")
            #expect(text.stdout.contains("granted:      network\n"), "\(text)")
            #expect(text.stdout.contains("missing:      read:~/Documents (tabhost grant alpha read:~/Documents)\n"), "\(text)")
            let json = try run(["inspect", "alpha", "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["granted"] as? [String] == ["network"])
            #expect(object["missing"] as? [String] == ["read:~/Documents"])
            #expect(object["grantCommand"] as? String == "tabhost grant alpha read:~/Documents")

            #expect(try run(["grant", "alpha", "read:~/Documents"]).status == 0)
            let all = try run(["inspect", "alpha"])
            #expect(all.stdout.contains("granted:      network read:~/Documents\n"), "\(all)")
            #expect(all.stdout.contains("missing:      none\n"), "\(all)")
            let none = try run(["inspect", "alpha", "--json"])
            let granted = try #require(try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [String: Any])
            #expect(granted["missing"] as? [String] == [])
            #expect(granted["grantCommand"] is NSNull)
        }
    }

    @Test func eachBadPermissionIsOneLineAndExitsTwo() throws {
        try withModules { dir, run in
            let output = try run(["grant", "alpha", "network", "fly", "read:relative"])
            #expect(output.status == 2, "\(output)")
            #expect(output.stdout == "")
            #expect(
                output.stderr == """
                    alpha: unknown permission "fly" (known: network, system, exec, unrestricted, read:PATH, write:PATH)
                    alpha: permission "read:relative" needs an absolute path or one starting with ~/

                    """)
            #expect(!FileManager.default.fileExists(atPath: dir + "/config/tabhost/permissions.json"))
        }
    }

    @Test func anUnknownModuleIsRefusedWithOneLine() throws {
        try withModules { dir, run in
            let output = try run(["grant", "beta", "network"])
            #expect(output.status == 1, "\(output)")
            #expect(
                output.stderr
                    == "beta: no accepted module with this name in \(dir)/modules; "
                    + "run tabhost list to see the modules, or pass --modules DIR\n"
            )
            #expect(!FileManager.default.fileExists(atPath: dir + "/config/tabhost/permissions.json"))
        }
    }

    @Test func anotherFileWithTheSameNameInheritsNoGrant() throws {
        try withModules { dir, run in
            #expect(try run(["grant", "alpha", "exec"]).status == 0)
            // Another directory with another file declaring the same name.
            try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: true)
            try S.compileModule(dir + "/other/a.so", fields: #".name = "alpha", .title = "Impostor""#)
            let output = try S.run(
                ["permissions", "alpha", "--modules", dir + "/other"], environment: ["XDG_CONFIG_HOME": dir + "/config"])
            #expect(output.stdout.contains("alpha (\(dir)/other/a.so)\n  asks:     nothing\n  granted:  nothing\n"), "\(output)")
            // The grant is still shown, for the file it was made for.
            #expect(output.stdout.contains("alpha (\(dir)/modules/a.so)\n  asks:     - (module file not found)\n  granted:  exec\n"))
        }
    }

    @Test func aDamagedStoreIsOneLineAndIsLeftAsItIs() throws {
        try withModules { dir, run in
            let store = dir + "/config/tabhost/permissions.json"
            try FileManager.default.createDirectory(atPath: dir + "/config/tabhost", withIntermediateDirectories: true)
            try "{not json".write(toFile: store, atomically: false, encoding: .utf8)
            let shown = try run(["permissions"])
            #expect(shown.status == 0)
            #expect(
                shown.stderr
                    == "\(store): not a valid permissions file (malformed JSON or a missing field); no permissions are granted from it; "
                    + "fix it or move it away (tabhost then starts a new one)\n")
            #expect(shown.stdout.contains("  granted:  nothing\n"))
            let granted = try run(["grant", "alpha", "network"])
            #expect(granted.status == 1)
            #expect(granted.stderr.split(separator: "\n").count == 1)
            #expect(try String(contentsOfFile: store, encoding: .utf8) == "{not json")
        }
    }

    @Test func grantingUnrestrictedWarns() throws {
        try withModules { dir, run in
            let output = try run(["grant", "alpha", "unrestricted"])
            #expect(output.status == 0, "\(output)")
            #expect(output.stderr == "alpha: warning: unrestricted runs this module with no sandbox at all\n")
            #expect(try run(["permissions", "alpha"]).stdout.contains("  warning:  unrestricted: no sandbox at all for this module\n"))
        }
    }

    @Test func helpListsTheThreeCommands() throws {
        let output = try S.run(["--help"])
        #expect(output.stdout.contains("  grant "))
        #expect(output.stdout.contains("  revoke "))
        #expect(output.stdout.contains("  permissions "))
    }

    @Test func checkLayoutReportsBadLayoutPermissions() throws {
        try S.withDirectory { dir in
            let file = dir + "/layout.json"
            try #"{"root": {"stack": {"module": "alpha", "permissions": ["network", "fly"]}}}"#.write(
                toFile: file, atomically: true, encoding: .utf8)
            let output = try S.run(["check-layout", file])
            #expect(output.status == 1, "\(output)")
            #expect(
                output.stderr
                    == "\(file):1:67: root.stack.permissions[1]: unknown permission \"fly\" "
                    + "(known: network, system, exec, unrestricted, read:PATH, write:PATH)\n")
        }
    }
}
