import ArgumentParser
import TabHostCore
import TabModuleIsolation

extension SessionOptions {
    /// The flags of these options, as ``PlainCommandLine`` names them.
    static let plainFlags: Set<String> = ["no-watch", "allow-insecure-permissions", "rescan"]
    /// The options of one value.
    static let plainOptions: Set<String> = ["layout", "state", "log", "isolation", "sandbox", "hang-timeout", "kill-timeout"]

    /// These options from `line`; nil for a value swift-argument-parser would refuse, and for
    /// `--isolation none` without `--sandbox off`, whose validation writes a warning (that parse says it).
    /// Every property is set, defaults included: a property left unset stops the program when read.
    static func plainly(_ line: PlainCommandLine) -> SessionOptions? {
        var options = SessionOptions()
        options.modules = line.values["modules"] ?? []
        options.layout = line.value("layout")
        options.state = line.value("state")
        options.log = line.value("log")
        options.noWatch = line.flags.contains("no-watch")
        guard let isolation = line.value("isolation").map({ ModuleIsolation(argument: $0) }) ?? .process,
            let hangTimeout = line.value("hang-timeout").map({ Double(argument: $0) }) ?? 1,
            let killTimeout = line.value("kill-timeout").map({ Double(argument: $0) }) ?? 10
        else { return nil }
        options.isolation = isolation
        options.hangTimeout = hangTimeout
        options.killTimeout = killTimeout
        if let value = line.value("sandbox") {
            guard let sandbox = SandboxMode(argument: value) else { return nil }
            options.sandbox = sandbox
        } else {
            options.sandbox = nil
        }
        options.loading = ModuleLoadingOptions.plainly(line)
        guard isolation != .none || options.sandboxMode == .off, (try? options.validate()) != nil else { return nil }
        return options
    }
}
