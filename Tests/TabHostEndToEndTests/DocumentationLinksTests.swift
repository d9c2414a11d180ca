import Foundation
import TabHostTesting
import Testing

/// The README, CONTRIBUTING.md and every guide under docs/ point only at what exists: each relative
/// link (and its #anchor) and each `Sources/…`, `Tests/…`, `Scripts/…` or `Plugins/…` path they name.
@Suite(.blocking)
struct DocumentationLinksTests {
    @Test func everyLinkAndPathTheDocsNameExists() throws {
        let result = try run("python3", arguments: [Products.repositoryRoot + "/Scripts/check-docs"])
        #expect(result.succeeded, "\(result.stdout)\(result.stderr)")
    }

    /// The checker fails on a dead link: a test of the test.
    @Test func theCheckerRefusesADeadLink() throws {
        try withTemporaryDirectory(prefix: "docs-check") { directory in
            try "# Title\n\nSee [the guide](docs/missing.md) and `Sources/Nowhere/File.swift`.\n"
                .write(toFile: directory + "/README.md", atomically: true, encoding: .utf8)
            let result = try run("python3", arguments: [Products.repositoryRoot + "/Scripts/check-docs", "--root", directory])
            #expect(!result.succeeded)
            #expect(result.stdout.contains("README.md:3"), "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("docs/missing.md"))
            #expect(result.stdout.contains("Sources/Nowhere/File.swift"))
        }
    }
}
