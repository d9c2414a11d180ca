import ArgumentParser
import FoundationEssentials
import Glibc
import SystemPackage
import TabHostCore
import TabModuleLoading

/// `tabhost new NAME [--swift] [--output DIR]`: scaffolds a module project that builds on its own.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a new tab module project (C by default, Swift with --swift).",
        discussion: """
            Writes DIR/NAME/. The C project (NAME.c, tab_module.h, Makefile) builds with `make` into \
            NAME.so, needing only a C compiler. The Swift project is a SwiftPM package whose dynamic \
            library uses TabModuleKit (the installed SDK, or this TabHost checkout's TabModuleKit package, by local \
            path); its release build carries the Swift runtime inside the .so.
            """)

    /// The module's name: its descriptor name and the project directory's name.
    @Argument(help: "The module name: 1 to 64 characters from a-z, 0-9, '.', '_' and '-'.")
    var name: String

    /// Scaffold a Swift package instead of a C project.
    @Flag(help: "Write a Swift package using TabModuleKit instead of a C project.")
    var swift = false

    /// Where the project directory is created.
    @Option(name: .shortAndLong, help: "The directory to create the project in (default: the current directory).")
    var output: String = "."

    /// The TabHost package a Swift scaffold depends on for TabModuleKit.
    @Option(
        help: "The package a Swift project takes TabModuleKit from (default: the installed SDK, or the checkout tabhost was built from).")
    var tabhostPackage: String = Installation.swiftPackage

    func run() throws {
        guard let moduleName = ModuleName(name) else {
            let problem = ModuleNameRules.nameProblem(name) ?? "invalid module name \"\(name)\""
            Self.fail(
                "\(problem); use 1 to 64 characters from a-z, 0-9, '.', '_' and '-', not starting with '.' (for example \"my-module\")",
                code: 2)
        }
        // A module may be named so, but its project's files would read as options to make and cc.
        if name.hasPrefix("-") {
            Self.fail(
                "module name \"\(name)\" starts with '-', which the project's Makefile and cc would read as an option; "
                    + "start it with a letter or digit (for example \"my\(name)\")",
                code: 2)
        }
        let outputURL = URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL
        let projectURL = outputURL.appendingPathComponent(moduleName.text, isDirectory: true)
        var files: [(path: String, text: String)]
        if swift {
            var kit = URL(fileURLWithPath: tabhostPackage, isDirectory: true).standardizedFileURL
            // A checkout's root: its TabModuleKit package, so the project resolves none of the host's dependencies.
            let own = kit.appendingPathComponent("TabModuleKit", isDirectory: true)
            if FileManager.default.fileExists(atPath: own.appendingPathComponent("Package.swift").path) { kit = own }
            guard FileManager.default.fileExists(atPath: kit.appendingPathComponent("Sources/TabModuleKit").path) else {
                Self.fail(
                    "\(kit.path) is not a TabHost package (no Sources/TabModuleKit), "
                        + "which a Swift module needs: pass --tabhost-package DIR",
                    code: 1)
            }
            files = Self.swiftProject(moduleName, kitPath: kit.path)
        } else {
            files = Self.cProject(moduleName)
        }
        files.append(("tabmod.json", Self.bundleSettings(moduleName.text)))
        files.append(("tests/smoke.tabtest", Self.smokeTest(moduleName)))
        do {
            try FileManager.default.createDirectory(at: outputURL, withIntermediateDirectories: true)
        } catch {
            Self.fail("cannot create the output directory \(outputURL.path): \(FileErrorReason.of(error))", code: 1)
        }
        // mkdir (not "create if missing") so an existing project is never touched.
        if mkdir(projectURL.path, 0o755) != 0 {
            let reason = errno == EEXIST ? "already exists" : Errno(rawValue: errno).description
            Self.fail(
                "\(projectURL.path) \(reason): choose another name or --output directory; nothing was written", code: 1)
        }
        do {
            for file in files {
                let url = projectURL.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: projectURL)
            Self.fail("cannot write the project in \(projectURL.path): \(FileErrorReason.of(error))", code: 1)
        }
        let build = swift ? "swift build" : "make"
        let language = swift ? "Swift" : "C"
        writeStandardOutput(
            "Created \(language) module \"\(moduleName.text)\" in \(projectURL.path); build it with: cd \(projectURL.path) && \(build)"
        )
    }

    /// Writes `tabhost new: MESSAGE` to stderr and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        writeStandardError("tabhost new: \(message)")
        Self.exit(withError: ExitCode(code))
    }
}
