import ArgumentParser
import FoundationEssentials
import TabHostClient
import TabHostCommandLine
import TabHostCore
import TabHostDev
import TabHostPoll
import TabKit
import TabModuleLoading

/// `tabhost-bench dev`: save → new screen through `tabhost dev`'s loop, in process.
///
/// Builds the project once and shows its module (no layout: its one tab), then each round writes
/// FILE with MARKER replaced by `MARKER N` (in place, as an editor does) and times until a published
/// screen shows `MARKER N`: inotify → debounce → the build → the copy → the host's hot reload (the
/// module's process included) → the published screen. Prints `key=value` (milliseconds).
struct BenchDevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Times COUNT saves of a module project until the new text is on screen (key=value output).")

    @Option(help: "The project directory (made by tabhost new).")
    var project: String

    @Option(help: "The source file each round rewrites (relative to the project).")
    var file: String

    @Option(help: "Text in the file that the module shows; each round shows it followed by the round's number.")
    var marker: String

    @Option(help: "Timed saves.")
    var count = 10

    @Option(help: "How long to wait for one round before giving up (seconds).")
    var timeout: Double = 300

    func run() throws {
        let devProject: DevProject
        do {
            devProject = try DevProject.detect(in: project)
        } catch {
            writeStandardError(error.description)
            throw ExitCode(1)
        }
        let path = devProject.directory + "/" + file
        guard let original = try? String(contentsOfFile: path, encoding: .utf8), original.contains(marker) else {
            writeStandardError("\(path): cannot read it, or it does not contain \"\(marker)\"; pass --file and --marker")
            throw ExitCode(1)
        }
        defer { try? original.write(toFile: path, atomically: false, encoding: .utf8) }
        guard let moduleDirectory = DevLoop.makeModuleDirectory() else { throw ExitCode(1) }
        defer { try? FileManager.default.removeItem(atPath: moduleDirectory) }
        let devLoop = try DevLoop(project: devProject, moduleDirectory: moduleDirectory)
        guard case .succeeded = devLoop.buildAndWait().result else {
            writeStandardError("\(devProject.directory): the first build failed; \(devLoop.lastOutcome?.summary ?? "")")
            throw ExitCode(1)
        }
        let loop = PollEventLoop()
        let opened = try HostSession.open(
            SessionConfiguration(
                directories: [ModuleDirectory(moduleDirectory)], layoutPath: nil,
                logPath: moduleDirectory + "/bench.log"),
            loop: loop)
        defer { opened.copies.removeAll() }
        let session = opened.session
        devLoop.attach(to: session)
        defer { devLoop.stop() }
        var expected = marker
        var shown = false
        session.subscribe { screen in
            if screen.content.texts.contains(where: { $0.contains(expected) }) { shown = true }
        }
        session.start()
        try runLoop(loop, until: { shown })
        var times: [Double] = []
        for round in 1...max(1, count) {
            expected = "\(marker) \(round)"
            shown = false
            let edited = original.replacing(marker, with: expected)
            // In place (no atomic rename), as an editor saving over the file does.
            try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
            let start = ContinuousClock.now
            try runLoop(loop, until: { shown })
            times.append(BenchMeasure.milliseconds(.now - start))
        }
        let sorted = times.sorted()
        let p50 = sorted[sorted.count / 2]
        BenchMeasure.report([
            "count": "\(times.count)", "p50": BenchMeasure.format(p50), "min": BenchMeasure.format(sorted[0]),
            "max": BenchMeasure.format(sorted[sorted.count - 1]),
        ])
    }

    private func runLoop(_ loop: PollEventLoop, until done: () -> Bool) throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !done() {
            if ContinuousClock.now > deadline {
                writeStandardError("tabhost-bench dev: no new screen within \(timeout) s")
                throw ExitCode(1)
            }
            try loop.runOnce(timeout: .milliseconds(10))
        }
    }
}
