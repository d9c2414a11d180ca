import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The `tabhost` command line.
@main
struct TabHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabhost",
        abstract: "Hosts tab modules (.so files) in a terminal container with navigation, tabs and hot reload.",
        subcommands: [
            RunCommand.self, DevCommand.self, ServeCommand.self, ListCommand.self, InspectCommand.self, CheckLayoutCommand.self,
            NewCommand.self, BenchCommand.self,
        ])

    /// Like ArgumentParser's `main()`, but a usage error exits with 2 (not EX_USAGE, 64).
    static func main() {
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let message = fullMessage(for: error)
                _ = Array((message + "\n").utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
