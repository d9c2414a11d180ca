import ArgumentParser

/// The `tabhost` command line.
@main
struct TabHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabhost",
        abstract: "Hosts tab modules (.so files) in a terminal container with navigation, tabs and hot reload.",
        subcommands: [NewCommand.self])
}
