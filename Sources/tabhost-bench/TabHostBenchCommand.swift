import ArgumentParser

/// `tabhost-bench`: in-process measurements for `Scripts/bench` (loading, hot reload, frames).
///
/// Each subcommand prints one line of `key=value` pairs (milliseconds, bytes, KiB) for the script
/// to parse; none is a test and none asserts a target. Built by `Scripts/bench`, never installed
/// (`Scripts/install` leaves it out): `tabhost` itself lists only what users use.
struct TabHostBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabhost-bench",
        abstract: "In-process measurements for Scripts/bench (prints key=value lines).",
        subcommands: [
            BenchLoadCommand.self, BenchReloadCommand.self, BenchFramesCommand.self, BenchIsolationCommand.self, BenchDevCommand.self,
            BenchBundleCommand.self, BenchChildStartCommand.self, BenchListsCommand.self,
        ])
}
