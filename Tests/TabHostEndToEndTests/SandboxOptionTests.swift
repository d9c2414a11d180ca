import TabHostTesting
import Testing

/// `--sandbox` with `--isolation none`: a module in the host's process cannot be confined.
@Suite(.blocking) struct SandboxOptionTests {
    @Test func requireWithoutIsolationExitsTwoWithOneLine() throws {
        let result = try run(Products.tabhost, arguments: ["run", "--isolation", "none", "--sandbox", "require"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("a module in the host's process cannot be confined"), "\(result)")
    }

    @Test func anUnknownModeIsRefused() throws {
        let result = try run(Products.tabhost, arguments: ["run", "--sandbox", "maybe"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--sandbox"), "\(result)")
    }
}
