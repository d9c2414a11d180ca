import TabHostTesting
import Testing

/// `run`, `list` and `inspect` are parsed by their own command when they come first on the command line
/// (`TabHostCommand.parsedDirectly`, to start faster); anything that parse does not turn into the command
/// itself is parsed again from `tabhost`, so help, usage errors and completion scripts are the root's.
@Suite(.blocking)
struct CommandParsingEndToEndTests {
    typealias S = ListInspectSupport

    @Test(arguments: ["run", "list", "inspect"])
    func helpIsWhatTabhostHelpPrints(command: String) throws {
        let root = try S.run(["help", command])
        #expect(root.status == 0 && root.stdout.hasPrefix("OVERVIEW: ") && root.stdout.contains("USAGE: tabhost \(command) "), "\(root)")
        for flag in ["--help", "-h"] {
            let direct = try S.run([command, flag])
            #expect(direct == root, "\(flag): \(direct)")
        }
    }

    @Test(arguments: [
        (["run", "--no-such-flag"], "Error: Unknown option '--no-such-flag'"),
        (["list", "--no-such-flag"], "Error: Unknown option '--no-such-flag'"),
        (["inspect"], "Error: Missing expected argument '<target>'"),
        (["inspect", "a", "b"], "Error: Unexpected argument 'b'"),
        (["run", "--web", "nope"], "Error: --web nope: expected [ADDR:]PORT, such as 8080 or 127.0.0.1:0"),
        // These crashed the host (a Double that is not finite converted to an Int), or were taken silently.
        (["run", "--hang-timeout", "inf"], "Error: --hang-timeout inf: expected seconds above 0 and at most 86400 (a day)"),
        (["run", "--hang-timeout", "1e300"], "Error: --hang-timeout 1e+300: expected seconds above 0 and at most 86400 (a day)"),
        (["run", "--kill-timeout", "nan"], "Error: --kill-timeout nan: expected seconds above 0 and at most 86400 (a day)"),
        (["run", "--hang-timeout=-1"], "Error: --hang-timeout -1.0: expected seconds above 0 and at most 86400 (a day)"),
        (["serve", "--hang-timeout", "0"], "Error: --hang-timeout 0.0: expected seconds above 0 and at most 86400 (a day)"),
    ])
    func aUsageErrorIsOneErrorWithTheCommandsUsageAndExitsTwo(arguments: [String], error: String) throws {
        let output = try S.run(arguments)
        let command = arguments[0]
        #expect(output.status == 2, "\(output)")
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix(error + "\n"), "\(output)")
        #expect(output.stderr.contains("\nUsage: tabhost \(command) "), "\(output)")
        #expect(output.stderr.hasSuffix("\n  See 'tabhost \(command) --help' for more information.\n"), "\(output)")
        #expect(output.stderr.components(separatedBy: "Error:").count == 2, "one error, not one per parse: \(output)")
    }

    /// The completion script belongs to `tabhost`, whichever subcommand the flag follows: a subcommand
    /// parsed by itself does not know the flag, and the root parse that follows answers it.
    @Test(arguments: ["run", "list", "inspect"])
    func theCompletionScriptFlagAfterASubcommandStillGivesTabhostsScript(command: String) throws {
        let root = try S.run(["--generate-completion-script", "bash"])
        #expect(root.status == 0 && root.stdout.hasPrefix("#!/bin/bash\n") && root.stdout.contains("_tabhost"), "\(root)")
        let direct = try S.run([command, "--generate-completion-script", "bash"])
        #expect(direct == root)
    }
}
