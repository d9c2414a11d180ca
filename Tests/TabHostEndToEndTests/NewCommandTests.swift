import Foundation
import TabHostTesting
import Testing

/// `tabhost new`, run as the built binary: the scaffolds build outside the repo into modules whose
/// descriptors and behaviour a C host program checks through dlopen.
@Suite(.blocking)
struct NewCommandTests {
    @Test func cScaffoldBuildsWithMakeIntoAWorkingModule() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", "foo", "--output", dir.directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Created C module \"foo\" in \(dir.directory)/foo"))
        let project = "\(dir.directory)/foo"
        let files = try FileManager.default.contentsOfDirectory(atPath: project).sorted()
        #expect(files == ["Makefile", "README.md", "foo.c", "foo.svg", "tab_module.h", "tabmod.json", "tests"])
        let header = try Data(contentsOf: URL(fileURLWithPath: "\(project)/tab_module.h"))
        let repoHeader = try Data(contentsOf: NewCommandSupport.repoRoot.appendingPathComponent("Sources/CTabModule/include/tab_module.h"))
        #expect(header == repoHeader, "the scaffold's tab_module.h differs from Sources/CTabModule/include/tab_module.h")
        let source = try String(contentsOfFile: "\(project)/foo.c", encoding: .utf8)
        #expect(source.contains("s->api->text_field(view, \"name\"") && source.contains("TAB_EVENT_TEXT"))

        // Warnings are errors here: a scaffold must compile cleanly.
        let make = try NewCommandSupport.run("/usr/bin/env", ["make", "-C", project, "CFLAGS=-Wall -Wextra -Werror"])
        #expect(make.status == 0, "\(make.stdout)\(make.stderr)")
        let symbols = try NewCommandSupport.run("/usr/bin/env", ["nm", "-D", "--defined-only", "\(project)/foo.so"])
        #expect(symbols.stdout.split(separator: "\n").contains { $0.hasSuffix(" T tab_module_entry") })

        let checker = try NewCommandSupport.buildChecker(in: dir.directory)
        let check = try NewCommandSupport.run(checker, ["\(project)/foo.so"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == NewCommandSupport.expectedTranscript(name: "foo", title: "Foo", image: "foo.svg"))
    }

    @Test func derivedNamesStayValidCAndTitle() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", "2fa.my-mod_x", "--output", dir.directory])
        #expect(result.status == 0, "\(result.stderr)")
        let project = "\(dir.directory)/2fa.my-mod_x"
        let make = try NewCommandSupport.run("/usr/bin/env", ["make", "-C", project, "CFLAGS=-Wall -Wextra -Werror"])
        #expect(make.status == 0, "\(make.stdout)\(make.stderr)")
        let checker = try NewCommandSupport.buildChecker(in: dir.directory)
        let check = try NewCommandSupport.run(checker, ["\(project)/2fa.my-mod_x.so"])
        #expect(
            check.stdout
                == NewCommandSupport.expectedTranscript(name: "2fa.my-mod_x", title: "2fa My Mod X", image: "2fa.my-mod_x.svg"))
    }

    /// Bad names and the loader's reason for each (`ModuleNameRules`, shared with the descriptor check).
    static let badNames: [(name: String, reason: String)] = [
        ("Foo", #"module name "Foo" has characters outside [a-z0-9._-]"#),
        ("", "module name is empty"),
        ("a b", #"module name "a b" has characters outside [a-z0-9._-]"#),
        ("émoji", #"module name "\xc3\xa9moji" has characters outside [a-z0-9._-]"#),
        ("..", #"module name ".." starts with a dot (its file would be hidden)"#),
        (".", #"module name "." starts with a dot (its file would be hidden)"#),
        ("...", #"module name "..." starts with a dot (its file would be hidden)"#),
        (".hidden", #"module name ".hidden" starts with a dot (its file would be hidden)"#),
        ("x/y", #"module name "x/y" has characters outside [a-z0-9._-]"#),
        (String(repeating: "a", count: 65), "module name is longer than 64 bytes"),
    ]

    @Test(arguments: badNames)
    func badNamesExitTwoWithOneLine(_ name: String, _ reason: String) throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", name, "--output", dir.directory])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tabhost new: \(reason); "
                + "use 1 to 64 characters from a-z, 0-9, '.', '_' and '-', not starting with '.' (for example \"my-module\")\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.directory).isEmpty, "wrote files for a bad name")
    }

    /// A valid module name, but `cc -o -dash.so -dash.c` finds no input file: refused before anything is written.
    @Test func aNameStartingWithADashIsRefusedForItsProject() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", "--output", dir.directory, "--", "-dash"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tabhost new: module name \"-dash\" starts with '-', which the project's Makefile and cc would read as an option; "
                + "start it with a letter or digit (for example \"my-dash\")\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.directory).isEmpty)
    }

    @Test func longestNameIsAccepted() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let name = String(repeating: "a", count: 64)
        let result = try NewCommandSupport.tabhost(["new", name, "--output", dir.directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir.directory)/\(name)/\(name).c"))
    }

    @Test func existingDirectoryIsRefusedAndLeftAlone() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let project = "\(dir.directory)/foo"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: false)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: "\(project)/foo.c"))
        for flags in [[], ["--swift"]] {
            let result = try NewCommandSupport.tabhost(["new", "foo", "--output", dir.directory] + flags)
            #expect(result.status == 1)
            #expect(
                result.stderr == "tabhost new: \(project) already exists: choose another name or --output directory; nothing was written\n")
        }
        #expect(try String(contentsOfFile: "\(project)/foo.c", encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project) == ["foo.c"])
    }

    @Test func swiftScaffoldNeedsATabHostPackage() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", "bar", "--swift", "--output", dir.directory, "--tabhost-package", dir.directory])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "tabhost new: \(dir.directory) is not a TabHost package (no Sources/TabModuleKit), "
                + "which a Swift module needs: pass --tabhost-package DIR\n"
        )
        #expect(!FileManager.default.fileExists(atPath: "\(dir.directory)/bar"))
    }

    /// Slow (a full SwiftPM build of the scaffold and TabModuleKit), so one test covers it all, `tabhost dev` included.
    @Test(.tags(.tmux, .slow), .selectedByTags, .hangGuard)
    func swiftScaffoldBuildsOutsideTheRepoIntoAWorkingModule() throws {
        let dir = try Fixture(prefix: "tabhost-new")
        let result = try NewCommandSupport.tabhost(["new", "bar", "--swift", "--output", dir.directory])
        #expect(result.status == 0, "\(result.stderr)")
        let project = "\(dir.directory)/bar"
        let manifest = try String(contentsOfFile: "\(project)/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(NewCommandSupport.repoRoot.path)/TabModuleKit\")"), "\(manifest)")
        let source = try String(contentsOfFile: "\(project)/Sources/Bar/Bar.swift", encoding: .utf8)
        #expect(source.contains("view.textField(id: \"name\"") && source.contains("case .text(field: \"name\""))

        let build = try NewCommandSupport.run("/usr/bin/env", ["swift", "build", "--package-path", project])
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        // TabModuleKit's own package: none of the host's dependencies is resolved.
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: project + "/.build/checkouts")) ?? []
        #expect(checkouts.isEmpty, "\(checkouts)")
        let library = "\(project)/.build/debug/libbar.so"
        let symbols = try NewCommandSupport.run("/usr/bin/env", ["nm", "-D", "--defined-only", library])
        #expect(symbols.stdout.split(separator: "\n").contains { $0.hasSuffix(" T tab_module_entry") })

        let checker = try NewCommandSupport.buildChecker(in: dir.directory)
        let check = try NewCommandSupport.run(checker, [library])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == NewCommandSupport.expectedTranscript(name: "bar", title: "Bar", image: nil))

        // `tabhost dev` on the built package (its build is warm here): detected as Swift, built, shown; a
        // save rebuilds and reloads it with the state kept.
        typealias D = DevCommandTests
        let tmux = try TmuxSession(D.devCommand(in: project, scratch: dir.directory))
        try tmux.waitFor("Edit the source, rebuild", timeout: .seconds(300))
        try tmux.send("Enter")
        try tmux.waitForScreen { D.tapsLine($0)?.hasSuffix(" 1") == true }
        try D.edit(
            "\(project)/Sources/Bar/Bar.swift", replacing: "Edit the source, rebuild, and the host reloads it.", with: "Swift, changed.")
        let changed = try tmux.waitForScreen(timeout: .seconds(300)) { $0.contains("Swift, changed.") && $0.contains("reloaded bar") }
        #expect(D.tapsLine(changed)?.hasSuffix(" 1") == true, "the taps survive the reload:\n\(changed)")
        try tmux.send("q")
        try tmux.waitFor("STATUS:0")
    }
}
