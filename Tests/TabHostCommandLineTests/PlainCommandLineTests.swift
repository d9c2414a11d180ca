import ArgumentParser
import Testing

@testable import TabHostCommandLine

/// `run` and `list` read their plain command lines without swift-argument-parser (`PlainCommandLine`):
/// each such reading must be the one swift-argument-parser gives, every property set (a dump shows an
/// unset one as its definition), and every other form must be left to it.
struct PlainCommandLineTests {
    /// A command's properties as `dump` writes them: the values of its property wrappers, or a definition.
    private static func described(_ command: Any) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(arguments: [
        ([], true), (["a"], true), (["a", "b"], true), (["--json"], true), (["--json", "a", "b"], true),
        (["a", "--rescan", "b"], true), (["--sandbox", "off", "a"], true), (["--sandbox", "on", "--allow-insecure-permissions"], true),
        ([""], true), (["help"], true), (["list"], true),
        (["--sandbox", "bad"], false), (["--sandbox"], false), (["--sandbox", "--json"], false), (["-h"], false), (["--help"], false),
        (["--json", "--json"], false), (["--sandbox=off"], false), (["--", "-a"], false), (["-a"], false), (["--bogus"], false),
        (["--sandbox", "off", "--sandbox", "on"], false),
    ])
    func listReadsAsSwiftArgumentParserDoes(arguments: [String], plain: Bool) throws {
        try Self.expectSameReading(ListCommand.parsedPlainly(arguments[...]), of: arguments, plain: plain)
    }

    @Test(arguments: [
        ([], true), (["--modules", "a", "b", "--layout", "l.json", "--log", "x.log"], true),
        (["--no-watch", "--rescan", "--state", "s.json"], true), (["--hang-timeout", "0.5", "--kill-timeout", "3"], true),
        (["--isolation", "none", "--sandbox", "off"], true), (["--sandbox", "require", "--allow-insecure-permissions"], true),
        (["--modules", "a", "--modules", "b"], false), (["--modules"], false), (["--hang-timeout", "abc"], false),
        (["--web", "0"], false), (["x"], false), (["--isolation", "none"], false), (["--isolation", "thread"], false),
        (["--layout=l.json"], false), (["--help"], false),
    ])
    func runReadsAsSwiftArgumentParserDoes(arguments: [String], plain: Bool) throws {
        try Self.expectSameReading(RunCommand.parsedPlainly(arguments[...]), of: arguments, plain: plain)
    }

    /// `read` is there exactly for a `plain` command line, and then is what swift-argument-parser reads.
    private static func expectSameReading<Command: ParsableCommand>(_ read: Command?, of arguments: [String], plain: Bool) throws {
        #expect((read != nil) == plain, "\(arguments)")
        guard let read else { return }
        let parsed = try Command.parseAsRoot(arguments)
        #expect(described(read) == described(parsed), "\(arguments)")
        #expect(!described(read).contains("definition"), "\(described(read))")
    }
}
