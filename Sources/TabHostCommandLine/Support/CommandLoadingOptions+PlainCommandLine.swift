import ArgumentParser
import TabModuleIsolation

extension CommandLoadingOptions {
    /// These options from `line` (its `--sandbox`, `--allow-insecure-permissions` and `--rescan`); nil for a
    /// value swift-argument-parser would refuse.
    static func plainly(_ line: PlainCommandLine) -> CommandLoadingOptions? {
        var options = CommandLoadingOptions()
        if let value = line.value("sandbox") {
            guard let sandbox = SandboxMode(argument: value) else { return nil }
            options.sandbox = sandbox
        } else {
            options.sandbox = .on
        }
        options.loading = ModuleLoadingOptions.plainly(line)
        return options
    }
}
