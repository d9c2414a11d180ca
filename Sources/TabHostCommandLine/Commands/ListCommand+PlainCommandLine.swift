import ArgumentParser

extension ListCommand {
    /// `arguments` (after `list`) read as ``PlainCommandLine`` does; nil where swift-argument-parser must read them.
    /// Every property is set, defaults included: a property left unset stops the program when read.
    static func parsedPlainly(_ arguments: ArraySlice<String>) -> ListCommand? {
        guard
            let line = PlainCommandLine(arguments, flags: ["json", "allow-insecure-permissions", "rescan"], options: ["sandbox"]),
            let loading = CommandLoadingOptions.plainly(line)
        else { return nil }
        var command = ListCommand()
        command.directories = line.positionals
        command.json = line.flags.contains("json")
        command.loading = loading
        return command
    }
}
