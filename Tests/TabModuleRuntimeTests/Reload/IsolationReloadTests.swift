import Foundation
import InMemoryLogging
import TabHostConcurrency
import TabHostTesting
import TabKit
import Testing

@testable import TabModuleIsolation

/// Hot reload across processes: the new version gets a new child, the state moves over
/// (save in the old child, create/start/restore in the new one), the old child ends.
@Suite(.serialized, .blocking)
struct IsolationReloadTests {
    static let alpha = ReloadSource(name: "alpha")

    private static func harness(
        _ source: ReloadSource = alpha,
        settings: IsolationSettings = IsolationSettings(
            sandbox: .off,
            hangTimeout: .milliseconds(300), killTimeout: .milliseconds(1500), snapshotInterval: .zero)
    ) throws
        -> (ReloadHarness, OutOfProcessModuleInstanceFactory)
    {
        let log = InMemoryLogHandler.everyLevel()
        let factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        return (try ReloadHarness(initial: [source], tabs: [("one", "alpha")], factory: factory), factory)
    }

    private static func pid(_ factory: OutOfProcessModuleInstanceFactory) -> Int32? {
        factory.childProcesses.first { $0.module == "alpha" }?.pid
    }

    @Test func aReloadMovesTheStateIntoANewChildAndEndsTheOldOne() throws {
        let (h, factory) = try Self.harness()
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 3)
        let old = try #require(Self.pid(factory))
        // A child started ahead takes the new version: the reload waits for no exec.
        let spare = try #require(factory.spareProcessID)
        var next = Self.alpha
        next.version = "2"
        try h.install(next)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(ReloadHarness.text(visible) == "hello v2 count=3 param=-")
        let new = try #require(Self.pid(factory))
        #expect(new != old)
        #expect(new == spare)
        #expect(factory.spareProcessID != nil && factory.spareProcessID != spare)
        #expect(ProcessState.hasEnded(old))
        #expect(factory.childProcesses.count == 1)
    }

    /// The spare child is started on the spawner's thread, which outlives every child it starts (the
    /// kernel's parent-death signal follows the starting *thread*): a spare asked for from a thread
    /// that ends once the child waits for its first request still takes the next module.
    @Test func aSpareAskedForFromAThreadThatEndedTakesTheNextModule() throws {
        let factory = OutOfProcessModuleInstanceFactory(
            settings: IsolationSettings(sandbox: .off), logger: InMemoryLogHandler.everyLevel().logger)
        let spare = ThreadedResult { () -> Int32? in
            factory.startSpareChild()
            guard let pid = factory.spareProcessID else { return nil }
            // Past its start (the parent-death signal set): asleep, waiting for its first request.
            _ = ProcessState.eventually {
                ProcessState.fields(of: pid).first == "S"
                    && (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))?.hasSuffix("tabhost-module-host")
                        == true
            }
            return pid
        }.value()
        let pid = try #require(spare)
        let h = try ReloadHarness(initial: [Self.alpha], tabs: [("one", "alpha")], factory: factory)
        #expect(factory.settled { ReloadHarness.text(h.container.tabs[0].stack!.root!) } == "hello v1 count=0 param=-")
        #expect(Self.pid(factory) == pid)
    }

    /// The spawner's thread takes no signal sent to the process: one it did not block could be
    /// delivered there, where a signal the host ignores and reads elsewhere (`tabhost serve`'s SIGTERM)
    /// would be lost.
    @Test func theSpawnersThreadBlocksTheProcesssSignals() throws {
        // Started from a thread that blocks no signal (a test's thread blocks them all), as the host's
        // main thread does.
        let (spawner, spawned) = ThreadedResult { () -> (ModuleHostSpawner, Result<ModuleHostProcess, ModuleHostStartError>) in
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            let spawner = ModuleHostSpawner()
            return (spawner, spawner.take(spawner.spawn(helper: IsolationSettings.defaultHelperPath, label: "spare")))
        }.value()
        let child = try spawned.get()
        #expect(child.isRunning)
        let thread = try #require(spawner.threadID)
        let status = try String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8)
        #expect(status.contains("Name:\t\(ModuleHostSpawner.threadName)"))
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
        let blocked = try #require(UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCHLD] {
            #expect(blocked & (1 << UInt64(signal - 1)) != 0, "signal \(signal) not blocked: \(line)")
        }
        #expect(blocked & (1 << UInt64(SIGSEGV - 1)) == 0)
    }

    /// A module that crashed reloads with the state it last saved; one that stopped before it ever
    /// saved (no event yet) reloads without one, rather than being refused for a save_state that
    /// cannot run.
    @Test(arguments: [2, 0])
    func aStoppedModuleReloadsWithTheStateItLastSaved(count: Int) throws {
        let (h, factory) = try Self.harness()
        let visible = h.container.tabs[0].stack!.root!
        // The first view is posted too: an action goes to the screen shown, so the buttons must be there.
        #expect(factory.settled { ReloadHarness.text(visible) } == "hello v1 count=0 param=-")
        h.increment(visible, times: count)  // saved after each handled event (interval zero here)
        // The events are posted: the crash must come after they were handled (else it is one in an event).
        #expect(factory.settle())
        let pid = try #require(Self.pid(factory))
        kill(pid, SIGSEGV)
        while ProcessState.exists(pid) && kill(pid, 0) == 0 && !ProcessState.isZombie(pid) { usleep(1000) }
        // No loop watches the child here: the render posted next finds it gone (settled, its end is read;
        // a render that reached the socket before the end was seen may be named as the call it was in).
        let stopped = factory.settled { ReloadHarness.text(visible) }
        #expect(stopped == "Alpha stopped: SIGSEGV" || stopped == "Alpha stopped: SIGSEGV in render", "\(stopped ?? "-")")
        var next = Self.alpha
        next.version = "2"
        try h.install(next)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(ReloadHarness.text(visible) == "hello v2 count=\(count) param=-")
    }

    /// A child that ended before the host read its end (no render since, no loop): the reload reads the
    /// end before it asks for the state, rather than taking the dead child for a save_state that
    /// failed and refusing the reload.
    @Test(arguments: [2, 0])
    func aChildThatEndedUnseenReloadsWithTheStateItLastSaved(count: Int) throws {
        let (h, factory) = try Self.harness()
        let visible = h.container.tabs[0].stack!.root!
        #expect(factory.settled { ReloadHarness.text(visible) } == "hello v1 count=0 param=-")
        h.increment(visible, times: count)
        #expect(factory.settle())
        let pid = try #require(Self.pid(factory))
        kill(pid, SIGSEGV)
        #expect(ProcessState.hasEnded(pid))
        var next = Self.alpha
        next.version = "2"
        try h.install(next)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(ReloadHarness.text(visible) == "hello v2 count=\(count) param=-")
    }

    @Test func aCrashInSaveStateDuringAReloadLeavesTheHostAlive() throws {
        var crashing = Self.alpha
        crashing.saveCrashes = true
        // No event yet, so no snapshot after one: the reload's save_state is the first, and it crashes.
        let (h, _) = try Self.harness(crashing)
        let visible = h.container.tabs[0].stack!.root!
        #expect(ReloadHarness.text(visible) == "hello v1 count=0 param=-")
        var next = Self.alpha
        next.version = "2"
        try h.install(next)
        let reports = h.pump()
        #expect(reports.map(\.kind) == [.refused])
        #expect(ReloadHarness.text(visible) == "Alpha stopped: SIGSEGV in save_state")
        #expect(visible.render().nodes.contains(.button(label: "Restart", action: "tabhost:restart")))
    }

    /// A new version that crashes or hangs in `restore_state` is broken, not a new state format: the reload
    /// is refused, the old version runs on with its state and the tab is marked (not "reloaded fresh" into a
    /// stopped or hung tab).
    @Test(arguments: ["crashes", "hangs"])
    func aNewVersionThatCrashesOrHangsInRestoreStateIsRefused(how: String) throws {
        let (h, _) = try Self.harness()
        let visible = try #require(h.container.tabs[0].stack?.root)
        h.increment(visible, times: 4)
        var v2 = Self.alpha
        v2.version = "2"
        v2.restoreCrashes = how == "crashes"
        v2.restoreSpins = how == "hangs"
        try h.install(v2)
        let reports = h.pump()
        #expect(reports.map(\.kind) == [.refused], "\(reports)")
        let reason = how == "crashes" ? "the new version stopped in restore_state()" : "the new version did not answer restore_state()"
        #expect(reports.first?.message.contains(reason) == true, "\(reports)")
        // The old version runs on with its state (a frame is pushed when the module invalidates, which this one does not).
        #expect(h.controllers("alpha").first?.saveState() == [4, 0, 0, 0])
        #expect(ReloadHarness.text(visible)?.hasPrefix("hello v1 ") == true)
        #expect(h.badge("one") == "!")
        #expect(h.registry.module(named: "alpha")?.info.version == "1")
    }
}
