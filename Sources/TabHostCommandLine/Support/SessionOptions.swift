import ArgumentParser
import FoundationEssentials
import TabHostCore
import TabModuleIsolation
import TabModuleLoading

/// The options of every command that opens a live session (`run`, and later front ends).
struct SessionOptions: ParsableArguments {
    @Option(name: .customLong("modules"), parsing: .upToNextOption, help: "Module directories (not recursive).")
    var modules: [String] = []

    @Option(help: "A layout file (JSON); default: with --modules, one tab per module found; without, the demo layout.")
    var layout: String?

    @Option(help: "Restore the selection and stacks from FILE at start and save them there on quit.")
    var state: String?

    @Option(help: "Where module log lines and reload reports go; default $XDG_STATE_HOME/tabhost/tabhost.log.")
    var log: String?

    @Flag(help: "Do not watch the module directories (no hot reload).")
    var noWatch = false

    @Option(
        help: """
            Where modules run: process (each module in a child process of its own: a crash or hang stays on its tabs) \
            or none (in this process).
            """
    )
    var isolation: ModuleIsolation = .process

    @Option(
        help: """
            Confine each module's child with the kernel sandbox before it opens the module: off, on (with what this \
            kernel offers; what is missing is logged; the default) or require (a module whose sandbox is incomplete \
            does not run). Only modules in child processes can be confined (--isolation process).
            """
    )
    var sandbox: SandboxMode?

    /// `--sandbox`, `on` when not given.
    var sandboxMode: SandboxMode { sandbox ?? .on }

    @Option(help: "Seconds a module call may take before its tab shows that it is not responding (--isolation process).")
    var hangTimeout: Double = 1

    @Option(help: "Seconds a module call may take before its process is killed and its tabs show Restart (--isolation process).")
    var killTimeout: Double = 10

    @OptionGroup var loading: ModuleLoadingOptions

    /// The session these options describe.
    var configuration: SessionConfiguration {
        var configuration = SessionConfiguration(
            directories: noWatch ? ModuleSearchPath.directories(modules) : ModuleSearchPath.watchedDirectories(modules),
            layoutPath: layoutPath,
            statePath: state, logPath: log ?? HostLogFile.defaultPath, watch: !noWatch,
            allowInsecurePermissions: loading.allowInsecurePermissions, isolation: isolation,
            isolationSettings: isolationSettings,
            metadataCachePath: ModuleMetadataCache.defaultPath(), rescan: loading.rescan)
        // A plain run (the demo): installed bundles are tabs of the user's own.
        configuration.installedBundlesAsRootTabs = layout == nil && modules.isEmpty
        return configuration
    }

    /// The longest `--hang-timeout` and `--kill-timeout`, in seconds.
    static let longestTimeout = 86_400.0

    /// `--hang-timeout`, `--kill-timeout` and `--sandbox` (the timeouts as `validate()` let them through).
    var isolationSettings: IsolationSettings {
        let hang = Duration.milliseconds(Int(min(max(0.01, hangTimeout), Self.longestTimeout) * 1000))
        // The kill limit comes after the line: a smaller one is raised to the hang timeout.
        let kill = max(hang, Duration.milliseconds(Int(min(max(0.01, killTimeout), Self.longestTimeout) * 1000)))
        var settings = IsolationSettings(sandbox: sandboxMode, hangTimeout: hang, killTimeout: kill)
        settings.grants = ModuleGrantSource()
        return settings
    }

    /// A module in the host's process cannot be confined: one line for `--isolation none` (unless
    /// `--sandbox off` says so already), and status 2 with `--sandbox require`.
    func validate() throws {
        for (flag, seconds) in [("--hang-timeout", hangTimeout), ("--kill-timeout", killTimeout)]
        where !(seconds.isFinite && seconds > 0 && seconds <= Self.longestTimeout) {
            throw ValidationError("\(flag) \(seconds): expected seconds above 0 and at most \(Int(Self.longestTimeout)) (a day)")
        }
        guard isolation == .none, sandboxMode != .off else { return }
        if let sandbox {
            writeStandardError(
                "tabhost: --sandbox \(sandbox.rawValue) has no effect with --isolation none: a module in the host's process cannot be confined"
                    + (sandbox == .require ? "; use --isolation process" : ""))
        } else {
            writeStandardError(
                "tabhost: --isolation none: modules run in this process, where the sandbox cannot confine them; "
                    + "they can do anything you can, and the host's loop waits for every call they make")
        }
        if sandbox == .require { throw ExitCode(2) }
    }

    /// `--layout`; else none with `--modules` (a tab per content module found); else the demo layout
    /// (its modules are the default directories' examples).
    var layoutPath: String? {
        layout ?? (modules.isEmpty ? Installation.demoLayoutPath : nil)
    }
}

extension SessionOptions {
    /// Opens the session these options describe (or `configuration`, made from them), as every front
    /// end's command does: setup errors go to standard error (with what was refused before them, and
    /// every other problem of a bad layout) and end the command with status 1; warnings are written
    /// and the session goes on. Remove `cache` when the session ends.
    func openSession(_ configuration: SessionConfiguration? = nil) throws -> HostSession.Opened {
        let configuration = configuration ?? self.configuration
        let opened: HostSession.Opened
        do {
            opened = try HostSession.open(configuration)
        } catch {
            for line in error.earlier { writeStandardError(line) }
            // A bad layout: every problem of the file, as `check-layout` lists them.
            ProblemLines.write([error.description] + error.later, file: configuration.layoutPath ?? "-")
            throw ExitCode(1)
        }
        for warning in opened.warnings { writeStandardError(warning) }
        return opened
    }
}
