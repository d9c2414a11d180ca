import ArgumentParser

extension TabHostCommand {
    /// The subcommand `main(web:)` parses by itself when the command line names it first: the three
    /// whose start-up is measured (README, issue 13). Each has `tabhost` as its `_superCommandName`,
    /// which makes swift-argument-parser skip its completion-script check when the subcommand is the
    /// root of a parse, and names it `tabhost NAME` in that parse's usage and help (where the name is
    /// read only from the root of the command stack, so a parse from `tabhost` is unchanged).
    static func directlyParsedCommand(named name: String) -> (any ParsableCommand.Type)? {
        switch name {
        case "run": RunCommand.self
        case "list": ListCommand.self
        case "inspect": InspectCommand.self
        default: nil
        }
    }

    /// The command `arguments` (the program first) ask for, parsed by its subcommand alone; nil when
    /// the first argument is not ``directlyParsedCommand(named:)``'s or that parse gives anything but
    /// the subcommand (an error, a help or completion request), and the caller parses from the root,
    /// so every error, help and completion text is the root parse's, as before.
    ///
    /// Why: from the root, swift-argument-parser tries the arguments against two completion-script
    /// pseudo-commands and the root's own argument set before the subcommand's, each built by
    /// reflection: 3.5 M of the 41 M instructions a warm first frame of 1,000 tabs ran on its loop
    /// thread (callgrind).
    static func parsedDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count > 1, let command = directlyParsedCommand(named: arguments[1]),
            let parsed = try? command.parseAsRoot(Array(arguments.dropFirst(2))), type(of: parsed) == command
        else { return nil }
        return parsed
    }
}
