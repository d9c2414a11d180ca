import Foundation
import Testing

/// The tags a pass selects or skips tests by; a suite's tags apply to every test in it.
///
/// Swift 6.3.1's `swift test` cannot select by tag itself (`--filter tag:NAME` is in later toolchains;
/// 6.3.1 reads it as a regular expression and runs nothing), so every `.tags(…)` goes with
/// `.selectedByTags` and the environment selects (see `TagSelection`):
///
///     TABHOST_TEST_SKIP_TAGS=tmux,browser swift test    # everything without a terminal or a browser
///     TABHOST_TEST_SKIP_TAGS=slow swift test            # the quick pass
///     TABHOST_TEST_TAGS=tmux swift test --filter TabHostEndToEndTests   # only the tmux tests
extension Tag {
    /// Drives a real terminal through tmux (needs `tmux` on the PATH).
    @Tag public static var tmux: Self
    /// Drives a browser, or the browser front end's server as a browser would.
    @Tag public static var browser: Self
    /// Takes more than a few seconds: end-to-end runs of the built binary, hot reload waits, crash loops.
    @Tag public static var slow: Self
}

/// Lets a pass leave out, or keep only, the tests with some tags, through the environment, until
/// `swift test` selects by tag itself: `TABHOST_TEST_SKIP_TAGS=tmux,slow swift test` skips every test
/// tagged `.tmux` or `.slow` (reported as skipped); `TABHOST_TEST_TAGS=tmux swift test --filter
/// TabHostEndToEndTests` runs only the tagged tests among those the filter selects. Every suite or test
/// that has tags carries this trait too (`.tags(.tmux, .slow), .selectedByTags`).
public struct TagSelection: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite that carries it.
    public var isRecursive: Bool { true }

    /// Why the environment leaves out a test with `tags`, or nil when it runs.
    public static func reasonToSkip(_ tags: Set<Tag>, environment: [String: String]) -> String? {
        func names(_ variable: String) -> Set<String> {
            Set((environment[variable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        let tagNames = Set(tags.map { String(describing: $0).split(separator: ".").last.map(String.init) ?? "" })
        let skipped = names("TABHOST_TEST_SKIP_TAGS").intersection(tagNames)
        if let first = skipped.sorted().first { return "tagged .\(first), which TABHOST_TEST_SKIP_TAGS leaves out" }
        let only = names("TABHOST_TEST_TAGS")
        if !only.isEmpty, only.isDisjoint(with: tagNames) { return "none of its tags is in TABHOST_TEST_TAGS" }
        return nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if let reason = Self.reasonToSkip(test.tags, environment: ProcessInfo.processInfo.environment) {
            try Test.cancel(Comment(rawValue: reason))
        }
        try await function()
    }
}

extension Trait where Self == TagSelection {
    /// Skips or keeps the test by its tags as the environment says (see `TagSelection`).
    public static var selectedByTags: Self { TagSelection() }
}
