import Foundation
import TabHostTesting
import Testing

/// Everything a command prints goes through `CommandOutput.swift`'s writers, which escape what a terminal
/// would act on: a line can quote a module's strings, a file name, a manifest or a note from the user's
/// store. A bare `print` in a command is how one of them reached the terminal raw (`grant`'s file name,
/// `trust list`'s note), so none is left.
struct CommandOutputTests {
    static let folder = "Sources/TabHostCommandLine"
    /// The writers' own file: its one `print` is standard output's.
    static let writers = folder + "/Support/CommandOutput.swift"

    @Test func noCommandPrintsButThroughTheEscapingWriters() throws {
        let uses = try Self.printUses().filter { !$0.hasPrefix(Self.writers + ":") }
        #expect(uses.isEmpty, "write through writeStandardOutput…(_:) (Support/CommandOutput.swift) instead: \(uses)")
    }

    @Test func theWritersFileStillPrintsSoThisTestCanSeeIt() throws {
        #expect(try Self.printUses().filter { $0.hasPrefix(Self.writers + ":") }.count == 1)
    }

    /// `FILE:LINE` of every line under the command-line target that calls `print`.
    static func printUses() throws -> [String] {
        try SourceLines.matching(try Regex(#"(^|[^\w.])print\s*\("#), under: folder)
    }
}
