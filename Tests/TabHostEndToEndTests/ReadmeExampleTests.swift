import Foundation
import TabHostTesting
import Testing

/// The C module the README shows is complete: built from the header alone, as a third party builds it
/// (`-Wall -Wextra`, no warning), accepted by the real `tabhost` with the fields it declares, and it does
/// what the README says when a user types into its field (in a real terminal, in its own child process).
@Suite(.blocking)
struct ReadmeExampleTests {
    /// The first ```c block of README.md.
    static func readmeModule() throws -> String {
        let readme = try String(contentsOfFile: Products.repositoryRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```c\n"), "README.md has no C example")
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func theReadmesModuleBuildsFromTheHeaderAloneAndLoads() throws {
        let fixture = try Fixture(prefix: "readme-module")
        let module = try fixture.compile("hello.so", source: try Self.readmeModule(), flags: ["-Wextra", "-shared", "-fPIC"])
        let inspect = try run(Products.tabhost, arguments: ["inspect", module], environment: ["XDG_CACHE_HOME": fixture.path("cache")])
        #expect(inspect.succeeded, "\(inspect.stdout)\(inspect.stderr)")
        #expect(inspect.stdout.contains("hello"))
        #expect(inspect.stdout.contains("Hello"))
        let list = try run(
            Products.tabhost, arguments: ["list", fixture.directory], environment: ["XDG_CACHE_HOME": fixture.path("cache")])
        #expect(list.stdout.contains("hello") && list.stdout.contains(" ok"), "\(list.stdout)\(list.stderr)")
    }

    @Test(.tags(.tmux), .selectedByTags) func whatIsTypedIntoItsFieldIsGreeted() throws {
        let fixture = try Fixture(prefix: "readme-module")
        let modules = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        try fixture.compile("modules/hello.so", source: try Self.readmeModule(), flags: ["-Wextra", "-shared", "-fPIC"])
        let tmux = try TmuxSession(
            RunSupport.runCommand(["--modules", modules, "--no-watch"], scratch: fixture.directory))
        try tmux.waitFor("Hello, world!")
        // `q` and a digit are typed into the field, not taken as quit and a tab switch.
        try tmux.sendLiteral("q1 Ada é")
        let screen = try tmux.waitFor("Hello, q1 Ada é!")
        #expect(!screen.contains("STATUS:"), "\(screen)")
    }
}
