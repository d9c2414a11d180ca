import ArgumentParser

extension RunCommand {
    /// `arguments` (after `run`) read as ``PlainCommandLine`` does, without `--web`; nil where
    /// swift-argument-parser must read them. Every property is set, defaults included.
    static func parsedPlainly(_ arguments: ArraySlice<String>) -> RunCommand? {
        guard
            let line = PlainCommandLine(
                arguments, flags: SessionOptions.plainFlags, options: SessionOptions.plainOptions, listOptions: ["modules"]),
            line.positionals.isEmpty, let options = SessionOptions.plainly(line)
        else { return nil }
        var command = RunCommand()
        command.options = options
        command.web = nil
        guard (try? command.validate()) != nil else { return nil }
        return command
    }
}
