import Foundation
import TabHostTesting
import Testing

/// `tabhost list` and `tabhost inspect`, run as a user would: stdout, stderr and exit status.
@Suite(.blocking)
struct ListInspectEndToEndTests {
    typealias S = ListInspectSupport

    /// Calls `body` with a new directory holding two good modules and one text file named .so, removed when
    /// `body` ends.
    private func withMixedDirectory<T>(_ body: (String) throws -> T) throws -> T {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/a.so", fields: #".name = "alpha", .version = "1.0", .title = "Alpha", .glyph = "*""#)
            try "hello world".write(toFile: dir + "/b.so", atomically: true, encoding: .utf8)
            try S.compileModule(dir + "/c.so", fields: #".name = "gamma", .title = "Gamma", .kind = TAB_MODULE_KIND_TAB_BAR"#)
            return try body(dir)
        }
    }

    @Test func listShowsEveryGoodModuleAndOneLinePerBadFile() throws {
        try withMixedDirectory { dir in
            let output = try S.run(["list", dir])
            let file = (dir + "/a.so").count
            func row(_ cells: [String]) -> String {
                let widths = [5, 7, 7, 5, 5, file]
                return zip(cells.dropLast(), widths).map { S.pad($0, $1 + 2) }.joined() + cells.last! + "\n"
            }
            #expect(
                output.stdout
                    == row(["NAME", "VERSION", "KIND", "TITLE", "GLYPH", "FILE", "STATUS"])
                    + row(["alpha", "1.0", "content", "Alpha", "*", dir + "/a.so", "ok"])
                    + row(["-", "-", "-", "-", "-", dir + "/b.so", "rejected: not an ELF file (starts with \"hello wo\")"])
                    + row(["gamma", "-", "tab-bar", "Gamma", "-", dir + "/c.so", "ok"]), "\(output)")
            #expect(output.stderr == "\(dir)/b.so: not an ELF file (starts with \"hello wo\"); rebuild it with cc -shared -fPIC\n")
            #expect(output.status == 1)
        }
    }

    @Test func listExitsZeroWhenEveryFileIsAccepted() throws {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/only.so", fields: #".name = "only", .title = "Only""#)
            let output = try S.run(["list", dir])
            #expect(output.status == 0, "\(output)")
            #expect(output.stderr == "")
            #expect(output.stdout.split(separator: "\n").count == 2)
        }
    }

    @Test func aMissingDirectoryIsOneLineAndTheOthersStillList() throws {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/only.so", fields: #".name = "only", .title = "Only""#)
            let output = try S.run(["list", dir + "/missing", dir])
            #expect(output.status == 1)
            #expect(output.stderr == "\(dir)/missing: module directory not found; create it or pass an existing directory\n")
            #expect(output.stdout.contains("only  "))
        }
    }

    @Test func listWithoutDirectoriesShowsTheBuiltExamplesThenTheUserDirectory() throws {
        try S.withDirectory { data in
            try FileManager.default.createDirectory(atPath: data + "/tabhost/modules", withIntermediateDirectories: true)
            try S.compileModule(data + "/tabhost/modules/mine.so", fields: #".name = "mine", .title = "Mine""#)
            let output = try S.run(["list"], environment: ["XDG_DATA_HOME": data])
            let rows = output.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            let accepted = rows.filter { $0.last == "ok" }.map { String($0[0]) }
            for name in ["accountmore", "accounts", "clock", "detail", "fancybar", "favourites", "launcher"] {
                #expect(accepted.contains(name), "\(output)")
            }
            #expect(accepted.last == "mine")
            #expect(rows.allSatisfy { row in row.contains { $0.hasSuffix("/mine.so") || $0.contains("/libTabExample") } })
        }
    }

    @Test func inspectPrintsEveryDeclaredField() throws {
        try S.withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: false)
            try "<svg/>".write(toFile: dir + "/assets/s.svg", atomically: true, encoding: .utf8)
            let path = try S.compileModule(
                dir + "/star.so", fields: #".name = "star", .version = "0.9", .title = "Star", .glyph = "★", .image = "assets/s.svg""#)
            let output = try S.run(["inspect", path])
            #expect(
                output.stdout == """
                    file:         \(path)
                    status:       accepted
                    name:         star
                    version:      0.9
                    title:        Star
                    glyph:        ★
                    kind:         content
                    image:        \(dir)/assets/s.svg
                    abi:          1.3 (host 1.3)
                    struct size:  208 bytes
                    required:     create render
                    optional:     destroy
                    not provided: start event appearance save_state restore_state list_row
                    swift code:   no
                    permissions:  none
                    granted:      none
                    missing:      none

                    """, "\(output)")
            #expect(output.stderr == "")
            #expect(output.status == 0)

            let json = try S.run(["inspect", path, "--json"])
            #expect(json.status == 0)
            let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["name"] as? String == "star")
            #expect(object["status"] as? String == "accepted")
            #expect(object["image"] as? String == "assets/s.svg")
            #expect(object["imagePath"] as? String == dir + "/assets/s.svg")
            #expect(object["functions"] as? [String] == ["create", "render", "destroy"])
            #expect(object["abiMajor"] as? Int == 1)
            #expect(object["containsSwift"] as? Bool == false)
        }
    }

    @Test func inspectByNameSearchesTheModuleDirectories() throws {
        try withMixedDirectory { dir in
            let found = try S.run(["inspect", "gamma", "--modules", dir])
            #expect(found.status == 0, "\(found)")
            #expect(found.stdout.contains("kind:         tab-bar\n"))
            let missing = try S.run(["inspect", "delta", "--modules", dir])
            #expect(missing.status == 1)
            #expect(missing.stdout == "")
            #expect(
                missing.stderr
                    == "delta: no accepted module with this name in \(dir); run tabhost list to see the modules and the rejected files\n")
        }
    }

    /// Each bad file: exit 1, a report on stdout, exactly one line on stderr naming file, reason, fix.
    @Test(arguments: [
        ("empty.so", "", "emptyFile", "empty file (0 bytes)"),
        ("text.so", "text", "notELF", "not an ELF file (starts with \"just tex\")"),
        ("noentry.so", "noentry", "missingEntry", "no tab_module_entry symbol (not a TabHost module)"),
        ("badname.so", "badname", "badName", "module name \"Bad Name\" has characters outside [a-z0-9._-]"),
        ("newer.so", "newer", "abiMinorTooNew", "built for module ABI 1.9, newer than this host's 1.3"),
        ("huge.so", "huge", "tooLarge", "68719476736 bytes, larger than the 512 MiB a module file may be"),
    ])
    func inspectExplainsARejectedFile(_ file: String, _ kind: String, _ code: String, _ reason: String) throws {
        try S.withDirectory { dir in
            let path = dir + "/" + file
            switch kind {
            case "": _ = FileManager.default.createFile(atPath: path, contents: Data())
            case "text": try "just text".write(toFile: path, atomically: true, encoding: .utf8)
            case "noentry": try S.compileModule(path, fields: #".name = "x", .title = "X""#, entry: "")
            case "badname": try S.compileModule(path, fields: #".name = "Bad Name", .title = "X""#)
            case "huge":
                // 64 GiB, sparse: neither read into memory nor copied (the host would die trying).
                try S.compileModule(path, fields: #".name = "x", .title = "X""#)
                #expect(truncate(path, 64 << 30) == 0)
            default: try S.compileModule(path, fields: #".name = "x", .title = "X", .abi_minor = 9"#)
            }
            let output = try S.run(["inspect", path])
            #expect(output.status == 1, "\(output)")
            #expect(output.stdout.contains("status: rejected\ncode:   \(code)\nreason: \(reason)\nfix:    "), "\(output)")
            let lines = output.stderr.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("\(path): \(reason); ") == true, "\(output)")
        }
    }

    /// A file too large to be a module beside a good one: one line for it, and the good one listed.
    @Test func aHugeFileIsOneLineAndTheRestIsListed() throws {
        try S.withDirectory { dir in
            try S.compileModule(dir + "/good.so", fields: #".name = "good", .title = "Good""#)
            let huge = dir + "/huge.so"
            _ = FileManager.default.createFile(atPath: huge, contents: Data([0x7f, 0x45, 0x4c, 0x46]))
            #expect(truncate(huge, 64 << 30) == 0)
            let output = try S.run(["list", dir])
            #expect(output.status == 1, "\(output)")
            #expect(output.stdout.contains("good "), "\(output)")
            #expect(
                output.stderr
                    == "\(huge): 68719476736 bytes, larger than the 512 MiB a module file may be; "
                    + "check that it is a module file; tabhost reads no larger one\n", "\(output)")
        }
    }

    @Test func aWorldWritableModuleIsRefusedUnlessAllowed() throws {
        try S.withDirectory { dir in
            let path = try S.compileModule(dir + "/open.so", fields: #".name = "open", .title = "Open""#)
            _ = chmod(path, 0o666)
            let refused = try S.run(["list", dir])
            #expect(refused.status == 1)
            #expect(
                refused.stderr
                    == "\(path): writable by everyone (mode 666), so another user could replace it; "
                    + "run chmod go-w \(path), or pass --allow-insecure-permissions\n"
            )
            let allowed = try S.run(["list", "--allow-insecure-permissions", dir])
            #expect(allowed.status == 0, "\(allowed)")
            let inspected = try S.run(["inspect", "--allow-insecure-permissions", path])
            #expect(inspected.status == 0)
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        let badName = try S.run(["inspect", "Not A Name"])
        #expect(badName.status == 2)
        #expect(badName.stderr.hasPrefix("Error: 'Not A Name' is neither a module file"), "\(badName)")
        let noTarget = try S.run(["inspect"])
        #expect(noTarget.status == 2)
        let unknownFlag = try S.run(["list", "--frobnicate"])
        #expect(unknownFlag.status == 2)
    }
}
