import Foundation
import TabHostDev
import TabHostTesting
import Testing

/// Finding what `tabhost dev` builds in a project directory.
@Suite(.blocking)
struct DevProjectTests {
    @Test func aMakefileMakesACProjectNamedByItsSoTarget() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Makefile",
            text: "# Builds hello.so\nCC ?= cc\nX := $(shell echo)\n\nhello.so: hello.c tab_module.h\n\t$(CC) -o $@ hello.c\n")
        let project = try DevProject.detect(in: fixture.directory + "/")
        #expect(project.language == .c)
        #expect(project.name == "hello")
        #expect(project.directory == fixture.directory)
        #expect(project.builtFile == fixture.directory + "/hello.so")
        #expect(project.buildCommand == ["make", "--no-print-directory", "-C", fixture.directory, "hello.so"])
    }

    @Test func aPackageMakesASwiftProjectNamedByItsDynamicProduct() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Package.swift",
            text: """
                let package = Package(
                    name: "x",
                    products: [
                        .library(name: "helper", targets: ["Helper"]),
                        .library(name: "my-mod", type: .dynamic, targets: ["MyMod"])
                    ])
                """)
        let project = try DevProject.detect(in: fixture.directory)
        #expect(project.language == .swift)
        #expect(project.name == "my-mod")
        #expect(project.builtFile == fixture.directory + "/.build/debug/libmy-mod.so")
        #expect(project.buildCommand == ["swift", "build", "--package-path", fixture.directory, "--product", "my-mod"])
    }

    @Test func anotherDirectoryIsRefusedWithWhatToDo() throws {
        let fixture = try Fixture()
        #expect(
            throws: DevError(
                .notAProject,
                "\(fixture.directory): no Makefile or Package.swift, so not a module project; "
                    + "make one with `tabhost new NAME` (or `--swift`) and run `tabhost dev` in it, or pass its directory"
            )
        ) { try DevProject.detect(in: fixture.directory) }
        try fixture.write("Makefile", text: "all:\n\techo hi\n")
        let error = #expect(throws: DevError.self) { try DevProject.detect(in: fixture.directory) }
        #expect(error?.code == .unknownModule)
    }

    @Test(arguments: [
        ("hello.c", false, false), ("Makefile", false, false), ("Sources", true, false), ("hello.so", false, true),
        ("hello.o", false, true), (".hello.c.swp", false, true), ("hello.c~", false, true), ("#hello.c#", false, true),
        (".#hello.c", false, true), ("4913", false, true), (".build", true, true), (".git", true, true),
        ("Package.resolved", false, true), (".hello.so.partial", false, true),
    ])
    func sourcesAreWhatEditorsSaveNotWhatBuildsWrite(_ name: String, _ isDirectory: Bool, _ ignored: Bool) {
        #expect(SourceFilter.isIgnored(name, isDirectory: isDirectory) == ignored)
    }
}
