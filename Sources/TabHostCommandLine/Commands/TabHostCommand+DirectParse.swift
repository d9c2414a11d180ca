import ArgumentParser

extension TabHostCommand {
    /// The command `arguments` (the program first) ask for, parsed by its subcommand alone when that is
    /// one of ``commandReadingMetadataCache(named:)``'s; nil for any other first argument, or when that
    /// parse gives anything but the subcommand (an error, a help or completion request), and the caller
    /// parses from the root, so every error, help and completion text is the root parse's, as before.
    ///
    /// Why: from the root, swift-argument-parser tries the arguments against two completion-script
    /// pseudo-commands and the root's own argument set before the subcommand's, each built by
    /// reflection: 3.5 M of the 41 M instructions a warm first frame of 1,000 tabs ran on its loop
    /// thread (callgrind). Each of these subcommands has `tabhost` as its `_superCommandName`, which
    /// makes swift-argument-parser skip that check when the subcommand is the root of a parse, and
    /// names it `tabhost NAME` in that parse's usage and help (the name is read only from the root of
    /// the command stack, so a parse from `tabhost` is unchanged).
    static func parsedDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count > 1, let command = commandReadingMetadataCache(named: arguments[1]),
            let parsed = try? command.parseAsRoot(Array(arguments.dropFirst(2))), type(of: parsed) == command
        else { return nil }
        return parsed
    }
}
