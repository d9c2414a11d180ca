import Glibc
import TabKit
import TabModuleLoading

/// Applies module file events to a running host: new versions replace live instances in
/// place (state kept, or fresh when the new version's `restore_state` refuses it, the refused
/// state kept on disk), refused versions leave the old one running and marked, new files add
/// tabs, deleted files remove theirs once `removalGrace` has passed without the file coming back.
///
/// Main-loop only. Each call returns the one-line reports a front end shows as status.
public final class HotReloader {
    /// The module directories as the host loaded them (a rescan keeps their name prefixes).
    public var directories: [ModuleDirectory] = []
    /// The runtime whose controllers are swapped.
    public let runtime: ModuleRuntime
    /// The model whose tabs are added and removed.
    public let host: ContainerHost
    /// The last refused report of each file still refused, by absolute path (for `tabhost inspect`).
    public private(set) var refusals: [String: HotReloadReport] = [:]
    /// Where the refusals and `moduleStates` are published for `tabhost inspect`; rewritten whenever
    /// they change (and when set).
    package var statusFile: HotReloadStatusFile? {
        didSet { publishStatus() }
    }
    private var hasPublishedStatus = false
    /// The call recorder's generation the status file holds.
    package private(set) var publishedCalls: UInt64 = 0
    /// The last reload of each module file (absolute path) and what became of it, published with the
    /// refusals for `tabhost update` and `tabhost rollback` in another terminal.
    package private(set) var reloads: [String: ModuleReloadOutcome] = [:]
    /// The modules whose processes are stopped or not responding (the session sets it from the
    /// out-of-process factory), published with the refusals.
    package var moduleStates: [ModuleProcessState] = [] {
        didSet { if moduleStates != oldValue { publishStatus() } }
    }
    /// The permissions the sandbox refused each module (the session sets it from the out-of-process
    /// factory), published with the refusals.
    package var deniedPermissions: [ModuleDeniedPermissions] = [] {
        didSet { if deniedPermissions != oldValue { publishStatus() } }
    }

    /// Where the states a new version's `restore_state` refused are kept; nil keeps none (the
    /// report says so). The session sets it: beside its `--state` file, else next to the module
    /// data root.
    public var refusedStates: RefusedStateStore?

    /// Whether a content module that appears while the host runs, by its file's path, is meant to be a tab
    /// (an installed bundle's manifest may say it is not): one that is not is loaded and gets no tab.
    public var isMeantAsTab: (String) -> Bool = { _ in true }

    /// The version of each module file last loaded or refused, by absolute path (see `rescan`). It
    /// starts as the versions the registry saw when it loaded (or looked up) them, no second stat of
    /// every file, taken at the first event rather than at start (a thousand entries on the way to the
    /// first frame otherwise; modules opened since are in the registry with the version opened).
    private lazy var stamps: [String: ModuleFileStamp] = runtime.registry.fileStamps

    /// How long the tabs of a module whose file was deleted stay, running, before they are removed: a
    /// build that deletes its output first (`make clean && make`) or a module directory renamed away and
    /// back brings the file back within it, and the new version then moves the live instances over with
    /// their state, as for a changed file. An installed bundle removed from a directory that is still
    /// there (`tabhost remove`) goes at once. Zero removes every module at once.
    public var removalGrace: Duration = .seconds(5)

    /// The modules whose file was deleted and whose tabs stay until the deadline, by absolute path.
    private var departing: [String: (module: String, deadline: ContinuousClock.Instant)] = [:]

    /// When `removeDeparted(now:)` has a module to remove, or nil.
    public var nextDeparture: ContinuousClock.Instant? { departing.values.lazy.map(\.deadline).min() }

    /// Removes the modules whose file was deleted `removalGrace` ago and did not come back; returns
    /// what to tell the user (one line each).
    public func removeDeparted(now: ContinuousClock.Instant = .now) -> [HotReloadReport] {
        let due = departing.filter { $0.value.deadline <= now }.keys.sorted()
        guard !due.isEmpty else { return [] }
        let reports = due.compactMap { path in
            departing[path] = nil
            return removeNow(path)
        }
        if !reports.isEmpty {
            publishStatus()
            host.invalidate()
        }
        return reports
    }

    /// Creates a reloader for `host`, whose controllers `runtime` makes.
    public init(runtime: ModuleRuntime, host: ContainerHost) {
        self.runtime = runtime
        self.host = host
    }

    private var registry: ModuleRegistry { runtime.registry }

    /// Applies one watcher event; returns what to tell the user (one line each).
    @discardableResult
    public func apply(_ event: ModuleFileEvent) -> [HotReloadReport] {
        let refusalsBefore = refusals
        let reports: [HotReloadReport]
        switch event {
        case .added(let path), .changed(let path):
            departing[ModuleFileReader.absolute(path)] = nil
            reports = [load(path)]
        case .removed(let path):
            reports = remove(path).map { [$0] } ?? []
        case .rescan(let directory):
            reports = rescan(directory)
        case .dropped(let path, let reason):
            reports = [HotReloadReport(.refused, module: nil, file: path, message: "\(path): \(reason)")]
        }
        for report in reports {
            let file = ModuleFileReader.absolute(report.file)
            var stored = report
            stored.file = file
            refusals[file] = report.kind == .refused ? stored : nil
            recordReload(report, file: file)
        }
        // Deleting a refused file that never loaded clears its refusal without a report.
        if refusals != refusalsBefore || reports.contains(where: { Self.outcomes[$0.kind] != nil }) { publishStatus() }
        if !reports.isEmpty { host.invalidate() }
        return reports
    }

    private static let outcomes: [HotReloadReport.Kind: String] = [.reloaded: "kept", .reloadedFresh: "fresh", .refused: "refused"]

    /// A new version of a module this host shows: what became of it, with the version running now.
    private func recordReload(_ report: HotReloadReport, file: String) {
        guard let outcome = Self.outcomes[report.kind], let module = report.module else { return }
        reloads[file] = ModuleReloadOutcome(
            module: module, file: file, outcome: outcome, version: registry.module(named: module)?.info.version,
            reason: report.message, at: ModuleReloadOutcome.now())
    }

    /// Rewrites the status file when a module call was made since it was written (the session calls
    /// this a second after a call: the calls' timings are not worth a write each).
    package func publishCallTimingsIfChanged() {
        if runtime.calls.generation != publishedCalls { publishStatus() }
    }

    private func publishStatus() {
        guard let statusFile else { return }
        publishedCalls = runtime.calls.generation
        let timings = runtime.calls.published
        // Nothing to say and nothing said yet: no file (readers take a missing file as nothing refused,
        // nothing stopped), and a start does not encode and write one on the way to its first frame.
        if !hasPublishedStatus && refusals.isEmpty && moduleStates.isEmpty && deniedPermissions.isEmpty && reloads.isEmpty
            && timings.isEmpty
        {
            return
        }
        statusFile.write(
            Array(refusals.values), modules: moduleStates, denied: deniedPermissions, reloads: Array(reloads.values),
            timings: timings)
        hasPublishedStatus = true
    }

    /// Loads a new or changed file and moves every live instance of its module over.
    func load(_ path: String) -> HotReloadReport {
        stamps[ModuleFileReader.absolute(path)] = ModuleFileStamp(path: path)
        // A module only the metadata cache knows (no tab of it shown yet) counts as the previous version too.
        let previousName = registry.info(file: path)?.name
        let module: LoadedModule
        let replaced: LoadedModule?
        do throws(ModuleError) {
            (module, replaced) = try registry.load(file: path)
        } catch {
            let name = previousName
            for controller in name.map(runtime.controllers(ofModule:)) ?? [] {
                controller.markReloadFailure(error.description)
            }
            if let name { markLazyTabs(of: name, failed: true) }
            let message = name.map { "reload of \($0) refused, old version kept: \(error.description)" } ?? error.description
            return HotReloadReport(.refused, module: name, file: path, message: message)
        }
        markLazyTabs(of: module.name, failed: false)
        guard let replaced else {
            return added(module)
        }
        if replaced.name != module.name {
            // The file now declares another name: the old module is gone (its tabs and their state with
            // it: a state belongs to its module's name), a new one arrived. Said, since tabs close.
            removeTabs(of: replaced.name)
            var report = added(module)
            report.message =
                "\(ModuleFileReader.baseName(of: path)) now declares \(module.name), not \(replaced.name): "
                + "\(replaced.name)'s tabs closed; \(report.message)"
            return report
        }
        return swap(from: replaced, to: module)
    }

    private func added(_ module: LoadedModule) -> HotReloadReport {
        let version = module.info.version.map { " v\($0)" } ?? ""
        guard module.info.kind == .content, isMeantAsTab(module.info.sourcePath) else {
            return HotReloadReport(.added, module: module.name, file: module.info.sourcePath, message: "loaded \(module.name)\(version)")
        }
        // Remembered even without the container yet: a template accepting new modules, pushed later, shows it.
        defer { host.offerNewModules([module.name]) }
        guard let container = host.newModulesContainer else {
            return HotReloadReport(.added, module: module.name, file: module.info.sourcePath, message: "loaded \(module.name)\(version)")
        }
        do {
            if container.tab(named: module.name) == nil {
                _ = try container.addTab(name: module.name, module: module.name)
            }
            return HotReloadReport(.added, module: module.name, file: module.info.sourcePath, message: "added \(module.name)\(version)")
        } catch {
            return HotReloadReport(
                .refused, module: module.name, file: module.info.sourcePath, message: "cannot add \(module.name): \(error)")
        }
    }

    /// Moves every live instance of `old` to `new`: save_state → create → start → restore_state,
    /// all or nothing. A `restore_state` that refuses the old state leaves that instance as `start`
    /// made it (fresh, as at a start), and the refused bytes are kept on disk. On any other failure
    /// (create, a stop or crash in the new version, a state that cannot be saved) the new instances
    /// are destroyed and `old` keeps running.
    private func swap(from old: LoadedModule, to new: LoadedModule) -> HotReloadReport {
        let controllers = runtime.controllers(ofModule: old.name)
        var prepared: [(ModuleController, any ModuleInstance, ModuleInstanceStaging)] = []
        var refused: [[UInt8]] = []
        for controller in controllers {
            do throws(ModuleError) {
                let staging = ModuleInstanceStaging(runtime: runtime, moduleName: new.name, controller: controller)
                let instance = try runtime.makeInstance(of: new, delegate: staging, waitsForAnswers: true)
                prepared.append((controller, instance, staging))
                instance.start(param: controller.context.param)
                // A module that had stopped before it ever saved has no state to drop (one that stops
                // in this save_state does: the reload is refused).
                controller.instance.noticeStop()
                let stopped = controller.instance.isStopped
                let state = controller.saveState()
                if state == nil, controller.info.functions.contains(.saveState), !stopped {
                    // save_state exists but never settled on a size: moving on would drop the state.
                    throw ModuleError(
                        .restoreFailed, module: new.name, path: new.info.sourcePath,
                        reason: "the running version's save_state() did not return its state (its size kept changing)",
                        hint: "fix save_state")
                }
                if let state, !instance.restoreState(state) {
                    // A new version that crashed or hung in restore_state is broken, not a new format.
                    instance.noticeStop()
                    if instance.isStopped && !instance.isHeld {
                        throw ModuleError(
                            .restoreFailed, module: new.name, path: new.info.sourcePath,
                            reason: "the new version stopped in restore_state()", hint: "fix restore_state")
                    }
                    if instance.isBusy {
                        throw ModuleError(
                            .restoreFailed, module: new.name, path: new.info.sourcePath,
                            reason: "the new version did not answer restore_state()", hint: "fix restore_state")
                    }
                    refused.append(state)
                }
            } catch {
                for (_, instance, _) in prepared { instance.destroy() }
                prepared.removeAll()
                registry.reinstate(old)
                let reason = "\(new.info.sourcePath): \(error.reason); \(error.hint)"
                for controller in controllers { controller.markReloadFailure(reason) }
                markLazyTabs(of: old.name, failed: true)
                return HotReloadReport(
                    .refused, module: old.name, file: new.info.sourcePath,
                    message: "reload of \(old.name) refused, old version kept: \(reason)")
            }
        }
        for (controller, instance, staging) in prepared {
            controller.replaceInstance(with: instance, info: new.info, staged: staging)
        }
        let version = new.info.version.map { " v\($0)" } ?? ""
        // A module held after a crash loop gets the new version (and its state) only when the user restarts it.
        let held = prepared.contains { $0.1.isHeld }
        let stays = held ? "; it stays stopped until you choose Restart on its tab" : ""
        guard !refused.isEmpty else {
            return HotReloadReport(
                .reloaded, module: new.name, file: new.info.sourcePath, message: "reloaded \(new.name)\(version)\(stays)")
        }
        let kept = keepRefused(refused, module: old.name, version: old.info.version)
        return HotReloadReport(
            .reloadedFresh, module: new.name, file: new.info.sourcePath,
            message: "reloaded \(new.name)\(version) fresh: restore_state refused the old state; \(kept)\(stays)")
    }

    /// Writes each refused state (the running version's bytes); returns the clause for the report.
    private func keepRefused(_ states: [[UInt8]], module: String, version: String?) -> String {
        guard let refusedStates else { return "it was not kept (no directory for refused states)" }
        var paths: [String] = []
        for state in states {
            switch refusedStates.keep(state, module: module, version: version) {
            case .success(let path): paths.append(path)
            case .failure(let error): return "it was not kept: \(error)"
            }
        }
        return paths.count == 1 ? "it is kept in \(paths[0])" : "\(paths.count) states are kept in \(refusedStates.directory)"
    }

    /// A deleted file: its module departs (see `removalGrace`), or, with no grace for it, goes at once.
    private func remove(_ path: String) -> HotReloadReport? {
        let absolute = ModuleFileReader.absolute(path)
        refusals[absolute] = nil
        guard let name = registry.info(file: path)?.name else {
            stamps[absolute] = nil
            return nil
        }
        guard removalGrace > .zero, !isRemovedBundle(absolute) else { return removeNow(path) }
        if departing[absolute] != nil { return nil }
        departing[absolute] = (name, .now + removalGrace)
        let file = ModuleFileReader.baseName(of: absolute)
        return HotReloadReport(
            .departing, module: name, file: path,
            message: "\(file) was deleted: \(name)'s tabs close in \(Self.seconds(removalGrace)) unless the file comes back")
    }

    /// Whether `path` is an installed bundle's file (`D/D.so`) taken out of a module directory that is
    /// still there: a removal the user asked for, not a rebuild.
    private func isRemovedBundle(_ path: String) -> Bool {
        let bundle = ModuleFileReader.parentDirectory(of: path)
        let modules = ModuleFileReader.parentDirectory(of: bundle)
        guard ModuleFileReader.baseName(of: path) == ModuleFileReader.baseName(of: bundle) + ".so",
            directories.contains(where: { ModuleFileReader.absolute($0.path) == modules })
        else { return false }
        var info = stat()
        return stat(modules, &info) == 0
    }

    /// `5 s`, `1.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let tenths = fraction / 100_000_000_000_000_000
        return tenths == 0 ? "\(whole) s" : "\(whole).\(tenths) s"
    }

    /// Its module leaves the registry and its tabs go by TabKit's removal rule. Screens of it pushed
    /// on stacks keep running (they hold the image) until popped.
    private func removeNow(_ path: String) -> HotReloadReport? {
        stamps[ModuleFileReader.absolute(path)] = nil
        guard let name = registry.info(file: path)?.name else { return nil }
        registry.unload(file: path)
        removeTabs(of: name)
        return HotReloadReport(.removed, module: name, file: path, message: "removed \(name)")
    }

    /// Tabs of `name` whose root does not exist yet (lazy) have no controller to mark: their tab
    /// badge shows the "!" of a refused reload instead, until a later load of the module succeeds.
    private func markLazyTabs(of name: String, failed: Bool) {
        for container in tabContainers() {
            for tab in container.tabs where tab.module == name && tab.rootController == nil {
                if failed {
                    container.setBadge("!", forTab: tab.name)
                } else if tab.badge == "!" {
                    container.setBadge(nil, forTab: tab.name)
                }
            }
        }
    }

    private func removeTabs(of name: String) {
        host.withdrawNewModule(name)
        for container in tabContainers() {
            for tab in container.tabs where tab.module == name {
                _ = container.removeTab(named: tab.name)
            }
        }
    }

    /// After an inotify overflow: load the directory's new and changed module files, drop the vanished ones.
    private func rescan(_ directory: String) -> [HotReloadReport] {
        let absolute = ModuleFileReader.absolute(directory)
        // A directory that went away and is back (the watcher's rescan after its return) is no longer refused.
        refusals[absolute] = nil
        // Keep the directory's name prefix (the build directory default holds other libraries too).
        let watched = directories.first { ModuleFileReader.absolute($0.path) == absolute } ?? ModuleDirectory(directory)
        let files = ((try? ModuleDiscovery.files(in: watched)) ?? []).map(ModuleFileReader.absolute).sorted()
        let present = Set(files)
        var reports: [HotReloadReport] = []
        for info in registry.infos where info.sourcePath.hasPrefix(absolute + "/") {
            if !present.contains(info.sourcePath), let report = remove(info.sourcePath) {
                reports.append(report)
            }
        }
        // Only files whose version differs from the one last seen: the events were lost, not the files.
        for file in files {
            let departed = departing.removeValue(forKey: file)
            if stamps[file] == nil || stamps[file] != ModuleFileStamp(path: file) {
                reports.append(load(file))
            } else if let departed {
                // The directory came back (renamed away and back): the same file, nothing to reload.
                reports.append(
                    HotReloadReport(.returned, module: departed.module, file: file, message: "\(departed.module) is back; its tabs stay"))
            }
        }
        return reports
    }

    /// Every tab container in the tree (root, stacks, tabs' stacks, modals).
    private func tabContainers() -> [TabContainer] {
        var found: [TabContainer] = []
        var pending: [any Controller] = [host.root] + host.modals
        while let node = pending.popLast() {
            if let nav = node as? NavigationController { pending += nav.stack }
            if let tabs = node as? TabContainer {
                found.append(tabs)
                pending += tabs.tabs.compactMap(\.stack)
            }
        }
        return found
    }
}
