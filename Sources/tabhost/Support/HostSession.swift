import Foundation
import TabKit
import TabModules
import TerminalUI

/// One running host: the model, the module runtime, hot reload and the terminal, on one loop.
///
/// Everything here runs on the loop thread; modules' own threads reach it only through
/// the tick scheduler's wake-up pipe.
final class HostSession: ScreenSource {
    let host: ContainerHost
    let runtime: ModuleRuntime
    let reloader: HotReloader
    let log: HostLog
    private let watcher: DirectoryWatcher?
    private let directories: [ModuleDirectory]
    private weak var app: TerminalApp?
    private var tickTimer: EventLoop.TimerID?
    private var watchTimer: EventLoop.TimerID?
    private var statusTimer: EventLoop.TimerID?
    private var stateTimer: EventLoop.TimerID?
    /// Where `--state` goes; saved shortly after each action (and by `run` on quit).
    var stateFile: StateFile?
    private var stateFailureLogged = false

    init(host: ContainerHost, runtime: ModuleRuntime, directories: [ModuleDirectory], watch: Bool, log: HostLog) throws {
        self.host = host
        self.runtime = runtime
        self.directories = directories
        self.log = log
        reloader = HotReloader(runtime: runtime, host: host)
        reloader.directories = directories
        if watch {
            let watcher = try DirectoryWatcher()
            for directory in directories {
                do {
                    try watcher.watch(directory: directory.path)
                } catch {
                    log.write("watch: \(error)")
                }
            }
            self.watcher = watcher
            // Refused reloads are published for `tabhost inspect` in another terminal.
            reloader.statusFile = HotReloadStatusFile(directory: runtime.registry.loader.cache.directory)
        } else {
            watcher = nil
        }
        // lead: wire file LogHandler (module lines were "[module] level: message")
    }

    // MARK: ScreenSource

    func currentScreen() -> Screen {
        host.needsRender = false
        return host.screen
    }

    func perform(_ action: ScreenAction) {
        _ = host.apply(action)
        scheduleStateSave()
    }

    /// Coalesces saves: one write half a second after the last action.
    private func scheduleStateSave() {
        guard stateFile != nil, let loop = app?.loop else { return }
        if let stateTimer { loop.cancel(stateTimer) }
        stateTimer = loop.schedule(after: .milliseconds(500)) { [weak self] in
            self?.stateTimer = nil
            self?.saveState()
        }
    }

    /// Writes the state file now; a failure is logged once.
    @discardableResult
    func saveState() -> String? {
        guard let stateFile else { return nil }
        let failure = stateFile.save(host.saveRestoration())
        if let failure, !stateFailureLogged {
            stateFailureLogged = true
            log.write(failure)
        }
        return failure
    }

    // MARK: Loop wiring

    /// Registers the tick pipe and the inotify descriptor with `app`'s loop.
    func attach(to app: TerminalApp) {
        self.app = app
        _ = app.loop.watch(runtime.ticks.wakeFileDescriptor) { [weak self] in self?.pumpTicks() }
        if let watcher {
            _ = app.loop.watch(watcher.fileDescriptor) { [weak self] in self?.pumpWatcher(readable: true) }
        }
    }

    private func pumpTicks() {
        runtime.deliverDueTicks()
        if let tickTimer { app?.loop.cancel(tickTimer) }
        tickTimer = nil
        if let next = runtime.ticks.nextDeadline {
            tickTimer = app?.loop.schedule(after: max(.zero, next - .now)) { [weak self] in
                self?.tickTimer = nil
                self?.pumpTicks()
            }
        }
        refresh()
    }

    private func pumpWatcher(readable: Bool) {
        guard let watcher else { return }
        let events = readable ? watcher.drain() : watcher.poll()
        for event in events where isModuleFile(event.path) {
            for report in reloader.apply(event) {
                log.write(report.message)
                // The status line is one terminal row: the file's name is enough there (the log and
                // `tabhost inspect` keep the full path), so the reason itself stays visible.
                let name = report.file.split(separator: "/").last.map(String.init) ?? report.file
                showStatus(report.message.replacingOccurrences(of: report.file, with: name))
            }
        }
        if let watchTimer { app?.loop.cancel(watchTimer) }
        watchTimer = nil
        if let next = watcher.nextDeadline {
            watchTimer = app?.loop.schedule(after: max(.zero, next - .now)) { [weak self] in
                self?.watchTimer = nil
                self?.pumpWatcher(readable: false)
            }
        }
        refresh()
    }

    /// Only files the module directories would load: the build directory holds other libraries.
    private func isModuleFile(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return false }
        let directory = String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard let watched = directories.first(where: { $0.path == directory }) else { return true }
        return watched.isModuleFileName(name)
    }

    /// Shows `message` in the status line for a few seconds.
    func showStatus(_ message: String) {
        host.status = message
        if let statusTimer { app?.loop.cancel(statusTimer) }
        statusTimer = app?.loop.schedule(after: .seconds(5)) { [weak self] in
            self?.host.status = nil
            self?.statusTimer = nil
            self?.host.invalidate()
            self?.refresh()
        }
    }

    private func refresh() {
        if host.needsRender { app?.setNeedsDisplay() }
    }
}
