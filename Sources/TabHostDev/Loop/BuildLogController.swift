import TabKit

/// The full build log as a modal screen: the outcome, the diagnostics, then the log's last lines.
final class BuildLogController: Controller {
    let context = ControllerContext()
    let title = "Build log"
    private let lines: [ViewNode]

    /// The most lines of log shown (a Swift build can print thousands).
    static let maximumLines = 400

    init(project: DevProject, outcome: BuildOutcome?, building: Bool) {
        var nodes: [ViewNode] = []
        guard let outcome else {
            lines = [.section(title: project.name), .text(building ? "The first build is running." : "No build yet.")]
            return
        }
        let heading: String
        switch outcome.result {
        case .succeeded: heading = "\(project.name): built in \(outcome.durationText)"
        case .failed(let reason): heading = "\(project.name): build failed (\(reason))"
        case .cancelled: heading = "\(project.name): build stopped by a newer save"
        }
        nodes.append(.section(title: heading))
        if building { nodes.append(.text("A newer build is running.")) }
        if !outcome.diagnostics.isEmpty {
            nodes.append(.section(title: "Diagnostics"))
            nodes += outcome.diagnostics.map { .text($0.description) }
        }
        nodes.append(.section(title: "Log: \(project.buildCommand.joined(separator: " "))"))
        let logLines = outcome.log.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            .map(Self.displayLine)
        if logLines.count > Self.maximumLines { nodes.append(.text("… \(logLines.count - Self.maximumLines) earlier lines")) }
        nodes += logLines.suffix(Self.maximumLines).map { .text($0) }
        lines = nodes
    }

    func render() -> ViewTree { ViewTree(lines) }

    /// A line of the build's output as shown: its leading spaces kept (a compiler's source and caret
    /// lines line up by them), tabs expanded to stops every 8 columns (a terminal cell holds no tab),
    /// and trailing spaces, tabs and carriage returns dropped.
    static func displayLine(_ line: Substring) -> String {
        var shown = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let stop = (column / 8 + 1) * 8
                shown += String(repeating: " ", count: stop - column)
                column = stop
            } else {
                shown.append(character)
                column += 1
            }
        }
        while let last = shown.last, last == " " || last == "\r" { shown.removeLast() }
        return shown
    }
}
