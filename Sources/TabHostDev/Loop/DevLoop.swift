import FoundationEssentials
import Glibc
import SystemPackage
import TabHostClient
import TabHostCore
import TabHostLoop
import TabModuleRuntime

/// The module author's loop behind `tabhost dev`: watches a project's sources, rebuilds on a save
/// (debounced; a save during a build stops it and builds again), and on success puts the new module
/// file into the directory the session watches, so the session's hot reload swaps it in with its
/// state. A failed build leaves the running version alone and shows the first diagnostic in the
/// status line; `showLog()` presents the whole log.
///
/// Knows no front end: it drives a `HostSession` on the session's loop thread.
public final class DevLoop {
    /// The project built.
    public let project: DevProject
    /// Where each good build's module file goes: one of the session's module directories.
    public let moduleDirectory: String
    /// The last build that ran to its end (not cancelled).
    public private(set) var lastOutcome: BuildOutcome?
    /// Quiet time after the last save before a build starts (editors write a file in several steps).
    public var debounce: Duration = .milliseconds(30)
    /// Called on the loop thread after each build that ran to its end (and after a cancelled one).
    public var onBuildFinished: ((BuildOutcome) -> Void)?

    private let watcher: SourceWatcher
    private weak var session: HostSession?
    private var build: BuildProcess?
    private var buildWatch: LoopWatchID?
    private var cancelling = false
    private var buildAgain = false
    private var debounceTimer: LoopTimerID?
    private var killTimer: LoopTimerID?
    private var busyTimer: LoopTimerID?
    /// The slow render the status line said last (see `showSlowRender`).
    private var shownSlowRender: ModuleCallRecorder.SlowRender?
    /// The status line `showSlowRender` last wrote, to tell it from another message still showing.
    private var slowRenderStatus: String?

    /// How long a status line about the build stays: until the next build replaces it.
    private static let untilReplaced: Duration = .seconds(86_400)

    /// A loop over `project` that installs good builds into `moduleDirectory` (which must exist).
    public init(project: DevProject, moduleDirectory: String) throws(DevError) {
        self.project = project
        self.moduleDirectory = moduleDirectory
        watcher = try SourceWatcher(root: project.directory)
    }

    /// A fresh private directory (mode 0700, as the loader wants) for the built module, under the
    /// temporary directory; nil when it cannot be made (errno says why). `tabhost dev` and
    /// `tabhost-bench dev` make theirs here.
    package static func makeModuleDirectory() -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/tabhost-dev-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Builds now and waits for it (the first build, before a session runs); a good build's module
    /// is put into `moduleDirectory`.
    @discardableResult
    public func buildAndWait() -> BuildOutcome {
        let outcome: BuildOutcome
        do {
            let process = try BuildProcess(command: project.buildCommand)
            process.readToEnd()
            outcome = finish(process)
        } catch {
            outcome = BuildOutcome(result: .failed(error.description), log: error.description, diagnostics: [], duration: .zero)
        }
        lastOutcome = outcome
        return outcome
    }

    /// Starts watching the sources on `session`'s loop; shows a failed first build's diagnostic. Call on that loop's thread.
    public func attach(to session: HostSession) {
        self.session = session
        session.loop.watch(watcher.fileDescriptor) { [weak self] in self?.sourcesChanged() }
        session.loop.atEndOfIteration { [weak self] in self?.showSlowRender() }
        if let lastOutcome { report(lastOutcome) }
    }

    /// `render 23 ms` in the status line after a render over `ModuleCallRecorder.slowRender` (the
    /// session shows the project's module alone), at most once a second (the line's own redraw may
    /// render again), never over a failed build's line, and never over another message while it shows
    /// (`reloaded hello`, whose first render is often the slow one): it waits until that one is gone.
    private func showSlowRender() {
        guard let session, let slow = session.runtime.calls.lastSlowRender, slow != shownSlowRender else { return }
        if let shown = shownSlowRender, slow.at - shown.at < .seconds(1) { return }
        if case .failed = lastOutcome?.result { return }
        if let status = session.host.status, status != slowRenderStatus { return }
        shownSlowRender = slow
        let milliseconds = Int((Double(ModuleCallTimings.nanoseconds(slow.duration)) / 1e6).rounded())
        let line = "render \(milliseconds) ms"
        slowRenderStatus = line
        session.showStatus(line)
    }

    /// Stops a running build (its whole process group).
    public func stop() {
        build?.signal(SIGKILL)
        if let buildWatch { session?.loop.unwatch(buildWatch) }
        build = nil
    }

    /// Presents the last build's whole log as a modal (Esc closes it).
    public func showLog() {
        guard let session else { return }
        session.host.present(BuildLogController(project: project, outcome: lastOutcome, building: build != nil))
    }

    // MARK: Saves and builds

    private func sourcesChanged() {
        guard !watcher.drain().isEmpty, let session else { return }
        if let build, !cancelling {
            // The build started before this save: its result would be stale.
            cancelling = true
            build.signal(SIGTERM)  // make deletes a half-written target on SIGTERM
            killTimer = session.loop.schedule(after: .seconds(1)) { [weak self] in self?.build?.signal(SIGKILL) }
        }
        if let debounceTimer { session.loop.cancel(debounceTimer) }
        debounceTimer = session.loop.schedule(after: debounce) { [weak self] in
            self?.debounceTimer = nil
            self?.startBuild()
        }
    }

    private func startBuild() {
        guard let session else { return }
        guard build == nil else {
            buildAgain = true  // the cancelled build is still ending
            return
        }
        let process: BuildProcess
        do {
            process = try BuildProcess(command: project.buildCommand)
        } catch {
            report(BuildOutcome(result: .failed(error.description), log: error.description, diagnostics: [], duration: .zero))
            return
        }
        build = process
        buildWatch = session.loop.watch(process.output) { [weak self] in self?.buildOutput() }
        busyTimer = session.loop.schedule(after: .milliseconds(500)) { [weak self] in
            guard let self, self.build != nil else { return }
            self.session?.showStatus("building \(self.project.name)…", for: Self.untilReplaced)
        }
    }

    private func buildOutput() {
        guard let session, let process = build, process.readAvailable() else { return }
        if let buildWatch { session.loop.unwatch(buildWatch) }
        for timer in [killTimer, busyTimer].compactMap({ $0 }) { session.loop.cancel(timer) }
        buildWatch = nil
        killTimer = nil
        busyTimer = nil
        build = nil
        if cancelling {
            cancelling = false
            _ = process.waitStatus()
            // A build stopped mid-link may leave a file newer than the sources: make would call it current.
            unlink(project.builtFile)
            let outcome = BuildOutcome(result: .cancelled, log: process.text, diagnostics: [], duration: .now - process.started)
            session.logger.info("dev: build of \(project.name) stopped by a newer save")
            onBuildFinished?(outcome)
        } else {
            let outcome = finish(process)
            lastOutcome = outcome
            report(outcome)
        }
        if buildAgain {
            buildAgain = false
            startBuild()
        }
    }

    /// Reaps a build whose output ended; installs its module if it succeeded.
    private func finish(_ process: BuildProcess) -> BuildOutcome {
        let status = process.waitStatus()
        let log = process.text
        let diagnostics = BuildDiagnostic.parse(log, relativeTo: project.directory)
        var result = BuildOutcome.Result.succeeded
        if let failure = Self.failure(status) {
            result = .failed(failure)
        } else if let problem = install() {
            result = .failed(problem.description)
        }
        return BuildOutcome(result: result, log: log, diagnostics: diagnostics, duration: .now - process.started)
    }

    private func report(_ outcome: BuildOutcome) {
        guard let session else { return }
        switch outcome.result {
        case .succeeded:
            // The session's reload report ("reloaded NAME v…") follows from the watcher and replaces any failure.
            session.logger.info("dev: built \(project.name) in \(outcome.durationText)")
        case .failed:
            session.logger.error("dev: \(outcome.summary)")
            for diagnostic in outcome.diagnostics { session.logger.error("dev: \(diagnostic)") }
            session.showStatus(outcome.summary, for: Self.untilReplaced)
        case .cancelled:
            break
        }
        onBuildFinished?(outcome)
    }

    /// nil for exit status 0, else what ended the build.
    static func failure(_ status: Int32) -> String? {
        let signal = status & 0x7F
        if signal != 0 { return "stopped by signal \(signal)" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "exit status \(code)"
    }

    // MARK: Installing

    /// Puts the built module into `moduleDirectory` with one rename (the session's watcher reports a
    /// renamed-in file at once and never sees it half-written), after the images beside the project's
    /// sources (descriptors name images relative to the module file).
    private func install() -> DevError? {
        let images = ((try? FileManager.default.contentsOfDirectory(atPath: project.directory)) ?? [])
            .filter { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }
        for image in images {
            if let problem = copy(project.directory + "/" + image, to: moduleDirectory + "/" + image) { return problem }
        }
        return copy(project.builtFile, to: moduleDirectory + "/" + project.name + ".so")
    }

    private func copy(_ source: String, to destination: String) -> DevError? {
        let partial = ModuleFile.partialPath(for: destination)
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: source))
            try data.write(to: URL(fileURLWithPath: partial))
            chmod(partial, 0o644)
            guard rename(partial, destination) == 0 else {
                throw DevError(.installFailed, Errno(rawValue: errno).description)
            }
            return nil
        } catch {
            unlink(partial)
            return DevError(
                .installFailed, "\(source): cannot copy it to \(destination) (\(error)); check that the build made it")
        }
    }
}
