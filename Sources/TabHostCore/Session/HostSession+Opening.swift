import FoundationEssentials
import Logging
import TabHostClient
import TabHostConcurrency
import TabHostLoop
import TabHostPoll
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime

extension HostSession {
    /// Everything `open` made, for the front end that runs the session.
    public struct Opened {
        /// The session, not started yet (attach front ends, then `start()`).
        public let session: HostSession
        /// The directory of private copies; remove it when the session ends.
        public let copies: ModuleCopyDirectory
        /// The log file the session writes.
        public let logFile: HostLogFile
        /// One line each for standard error: refused module files, a log that cannot be opened, a
        /// state file that cannot be restored. The session goes on regardless.
        public let warnings: [String]
        /// What holds descriptors 1 and 2 while in-process modules may write to them
        /// (`SessionConfiguration.capturesInProcessOutput`); stop it when the front end has quit.
        public var outputCapture: StandardOutputCapture? = nil
    }

    /// Opens a session as every front end does: loads the modules, reads the layout, opens the log,
    /// restores the saved state, watches the directories. Call on the thread that will run the loop.
    /// Throws for what leaves nothing to show (no directory for private copies, a bad layout).
    public static func open(_ configuration: SessionConfiguration, loop: any EventLoop = PollEventLoop())
        throws(SessionSetupError) -> Opened
    {
        // Before anything is loaded: a second host on one state file would overwrite the first's saves.
        var stateFileLock: StateFileLock?
        if let statePath = configuration.statePath {
            switch StateFileLock.claim(statePath) {
            case .claimed(let lock): stateFileLock = lock
            case .held(let line): throw SessionSetupError(.stateInUse, line)
            case .unavailable: break
            }
        }
        let options = ModuleLoadOptions(allowInsecurePermissions: configuration.allowInsecurePermissions)
        let logFile = HostLogFile(path: configuration.logPath)
        let logger = Logger(label: "tabhost") { _ in FileLogHandler(file: logFile) }
        // In-process modules' output goes to the log from before their first code (a constructor, `create`, the
        // first render) runs, once the logger exists: nothing to buffer. A setup error given back to the
        // command gives back the terminal first; the host's other lines go to the descriptor saved here.
        var outputCapture =
            configuration.capturesInProcessOutput && configuration.isolation == .none ? StandardOutputCapture(logger: logger) : nil
        var handedOver = false
        defer { if !handedOver { outputCapture?.stop() } }
        // Untrusted files are opened in a scanner child first: one that crashes the loader is refused.
        // With isolation the host never opens a module file itself: modules come from the scanner's report.
        let scanner =
            configuration.isolation == .process
            ? configuration.isolationSettings.scanner(logger: logger) : nil
        // Module log lines carry the module's name as `module` metadata, which the file handler prints.
        // The first tab's child starts now and links while the modules are stat'ed and the layout read.
        let processes =
            configuration.isolation == .process
            ? configuration.isolationSettings.moduleChildren(logger: logger) : nil
        processes?.startSpareChild()
        // Watched by the loop from the first instance on, so that what the layout and the state file
        // make is posted to the children rather than waited for (the loop runs once the session does).
        if let processes { processes.attach(to: loop) }
        // The metadata cache is read and decoded on its own thread meanwhile (it is taken below). The
        // command line starts that thread before it parses the arguments (`startEarly`), so on a warm
        // start it has mostly finished by now; a thread started here starts after the spare child:
        // `posix_spawn` waits until the child has exec'd, and while the child still shares this
        // address space that wait is several times longer with the cache thread decoding beside it
        // (figures in docs/contributing/performance-history.md).
        let cacheReading = configuration.metadataCachePath.map(ModuleMetadataCacheReading.started(path:))
        // The layout file is parsed meanwhile too (after the spare child's spawn, for the same reason);
        // its module names are checked once the modules are known.
        let layoutReading = configuration.layoutPath.map(startReadingLayout)
        // Modules the cache knows are only stat'ed here, and opened when a tab of theirs is first shown.
        // The cache thread is joined once the directories are listed.
        let chain: ModuleLoadingChain
        do {
            chain = try ModuleLoadingChain(
                options: options, scanner: scanner, metadataCachePath: configuration.metadataCachePath,
                trusted: !configuration.rescan, reading: cacheReading, logger: logger)
        } catch {
            throw SessionSetupError(.moduleCache, error.description)
        }
        let (copies, registry) = (chain.copies, chain.registry)
        registry.defersCachedFileChecks = configuration.defersCachedFileChecks
        registry.load(directories: configuration.directories)
        registry.metadataCache?.save()
        scanner?.finish()  // its images stay mapped while it lives; a reload starts another
        var warnings = registry.errors.map(\.description)

        var layout: Layout
        do {
            layout = try readLayout(configuration.layoutPath, registry: registry, parsed: layoutReading?.value() ?? nil)
        } catch let error as TabKitError {
            copies.removeAll()
            let others = otherLayoutProblems(configuration.layoutPath, registry: registry, besides: error)
            throw SessionSetupError(.layout, error.description, earlier: warnings, later: others)
        } catch {
            copies.removeAll()
            throw SessionSetupError(
                .layout,
                "\(configuration.layoutPath ?? "-"): cannot read the layout file (\(error)); pass --layout FILE",
                earlier: warnings)
        }

        layout = InstalledBundleTabs(registry: registry).placing(
            in: layout, generated: configuration.layoutPath == nil, asRootTabs: configuration.installedBundlesAsRootTabs)
        if let failure = logFile.openFailure { warnings.append(failure) }

        // Set before any instance exists: the layout's author curated these grants for this setup.
        for (module, names) in layout.grantedPermissions {
            processes?.grants.layout[module, default: []].append(contentsOf: names)
        }
        let factory: any ModuleInstanceFactory
        if let processes, let scanner {
            // Modules the layout trusts ("isolation": "none") are opened here after all, and run here.
            scanner.inProcessModules = layout.inProcessModules
            if configuration.capturesInProcessOutput, !layout.inProcessModules.isEmpty {
                outputCapture = StandardOutputCapture(logger: logger)
            }
            for name in layout.inProcessModules {
                if let file = registry.info(named: name)?.sourcePath { _ = try? registry.load(file: file) }
            }
            scanner.finish()
            factory = MixedModuleInstanceFactory(outOfProcess: processes, inProcessModules: layout.inProcessModules)
        } else {
            factory = processes ?? InProcessModuleInstanceFactory()
        }
        let runtime = ModuleRuntime(registry: registry, logger: logger, factory: factory, clock: configuration.clock)
        // Set before any instance exists (building the layout creates the root's): only instances
        // made after it are checked. `start()` binds it to the loop thread.
        runtime.confinement = ThreadConfinement()
        let host = ContainerHost(layout: layout, factory: runtime)
        host.offerNewModules(unplacedContentModules(of: registry, layout: layout))
        let stateFile = configuration.statePath.map(StateFile.init(path:))
        // Said in the status line too: the terminal's screen hides what is written to stderr before it.
        var stateWarning: String?
        if let stateFile, let data = stateFile.load() {
            // A state a module refuses at start is kept as a reload keeps one: the next save replaces the file.
            let refused = RefusedStateStore.beside(stateFile: stateFile.path)
            let keep = { (module: String, bytes: [UInt8]) in try? refused.keep(bytes, module: module, version: "state-file").get() }
            host.refusedStateHandler = keep
            defer { host.refusedStateHandler = nil }
            // An isolated module answers its restore after the loop starts: its refusal is kept the same way.
            runtime.onStateRefused = { [logger] controller, bytes in
                let module = controller.context.module ?? controller.info.name
                logger.warning("restore: \(ContainerHost.stateRefusal(module: module, keptIn: keep(module, bytes)))")
            }
            do throws(TabKitError) {
                let state = try RestorationState.decode(data)
                if state.version > RestorationState.currentVersion {
                    // Read for what this version knows; the file as the newer TabHost wrote it is kept.
                    let kept = stateFile.setAside(as: "v\(state.version)")
                    stateWarning =
                        "\(stateFile.path): written by a newer TabHost (format \(state.version)); read for what this one knows, "
                        + (kept.map { "and kept as it was in \($0)" } ?? "and it will be overwritten (it could not be kept aside)")
                }
                for problem in host.restore(state) { logger.warning("restore: \(problem)") }
            } catch {
                let kept = stateFile.setAside(as: "unreadable")
                // Set aside, it is not for the user to delete.
                let reason = error.description.replacing("; delete the file to start fresh", with: "")
                stateWarning =
                    "\(stateFile.path): cannot restore (\(reason)); starting from the layout"
                    + (kept.map { "; the file is kept in \($0)" } ?? "")
            }
            if let stateWarning { warnings.append(stateWarning) }
        }
        // The first tab's child opens its module now, while the rest of the start runs (the watcher, the
        // front end's setup), rather than after it with this thread waiting for its answer. A file
        // found changed since it was cached is reported as when the tab opens it, once the session exists.
        var openedEarly: [(ModuleInfo, Result<LoadedModule, ModuleError>)] = []
        if let processes, let name = host.moduleShownFirst, !layout.inProcessModules.contains(name) {
            registry.onCachedModuleChanged = { openedEarly.append(($0, $1)) }
            if let module = registry.module(named: name) { processes.startChild(for: module) }
            registry.onCachedModuleChanged = nil
        }
        let session: HostSession
        do {
            session = try HostSession(
                host: host, runtime: runtime, directories: configuration.directories, watch: configuration.watch,
                logger: logger, loop: loop)
        } catch {
            copies.removeAll()
            throw SessionSetupError(.watcher, "cannot watch the module directories (\(error)); pass --no-watch")
        }
        session.stateFile = stateFile
        session.stateFileLock = stateFileLock
        // A state a new version refuses goes beside the state file it would have been saved in;
        // without one, next to the module data (a place no module is granted).
        session.reloader.refusedStates =
            stateFile.map { .beside(stateFile: $0.path) } ?? runtime.dataDirectory.map { .beside(dataDirectory: $0) }
        session.reportCachedModuleChanges()
        for (cached, result) in openedEarly { registry.onCachedModuleChanged?(cached, result) }
        if let processes { session.watchModuleProcesses(processes) }
        // The status line sends the user to the log for refusals, so they must be there too.
        session.reportStartupRefusals(registry.errors, logPath: logFile.path)
        if let stateWarning {
            logger.warning("\(stateWarning)")
            session.showStatus(stateWarning)
        }
        handedOver = true
        return Opened(session: session, copies: copies, logFile: logFile, warnings: warnings, outputCapture: outputCapture)
    }
}
