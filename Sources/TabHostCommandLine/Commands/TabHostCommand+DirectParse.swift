import ArgumentParser

extension TabHostCommand {
    /// `arguments` (the program first, then `command`'s name) read plainly (``parsedPlainly(_:)``) or else
    /// parsed by `command` alone, the subcommand
    /// ``commandReadingMetadataCache(in:)`` found in them; nil when that parse gives anything but the
    /// subcommand (an error, a help or completion request), and the caller parses from the root, so
    /// every error, help and completion text is the root parse's, as before.
    ///
    /// Why: from the root, swift-argument-parser tries the arguments against two completion-script
    /// pseudo-commands and the root's own argument set before the subcommand's, each built by
    /// reflection, a visible part of a warm start's work before the first frame (figures in
    /// docs/contributing/performance-history.md). Each of these subcommands has `tabhost` as its
    /// `_superCommandName` (an underscored API: Package.swift pins swift-argument-parser exactly), which
    /// makes swift-argument-parser skip that check when the subcommand is the root of a parse, and
    /// names it `tabhost NAME` in that parse's usage and help (the name is read only from the root of
    /// the command stack, so a parse from `tabhost` is unchanged).
    static func parsedDirectly(as command: any ParsableCommand.Type, _ arguments: [String]) -> (any ParsableCommand)? {
        if let plain = parsedPlainly(arguments) { return plain }
        guard let parsed = try? command.parseAsRoot(Array(arguments.dropFirst(2))), type(of: parsed) == command
        else { return nil }
        return parsed
    }

    /// `arguments` read without swift-argument-parser (``PlainCommandLine``) for the commands whose
    /// start-up is measured; nil for any other command or form. Chosen by name: a cast to a protocol
    /// would scan the conformance records this avoids.
    static func parsedPlainly(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count > 1 else { return nil }
        let rest = arguments.dropFirst(2)
        switch arguments[1] {
        case "run": return RunCommand.parsedPlainly(rest)
        case "list": return ListCommand.parsedPlainly(rest)
        default: return nil
        }
    }
}
