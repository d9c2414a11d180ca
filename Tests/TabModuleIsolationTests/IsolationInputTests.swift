import Foundation
import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// ABI 1.2 across the process boundary: a real 1.2 module (`InputModules.widgets`) in
/// `tabhost-module-host`, driven directly through its `ModuleInstance` with a recording delegate,
/// and the same module in process for comparison.
@Suite(.serialized, .blocking)
final class IsolationInputTests {
    let fixture: Fixture
    let cacheRoot: Fixture
    let dataRoot: Fixture
    let log = InMemoryLogHandler.everyLevel()
    let loop = PollEventLoop()
    let ticks = TickScheduler()
    let factory: OutOfProcessModuleInstanceFactory
    let module: LoadedModule
    let recorder = RecordingDelegate()
    let environment: ModuleInstanceEnvironment
    let instance: any ModuleInstance

    init() throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        dataRoot = try Fixture()
        try fixture.compile("widgets.so", source: InputModules.widgets)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        module = try #require(registry.modules.first { $0.name == "widgets" })
        factory = OutOfProcessModuleInstanceFactory(settings: IsolatedHost.testSettings, logger: log.logger)
        // No loop: every posted call is waited for, so each expectation sees what the call did.
        _ = loop
        environment = ModuleInstanceEnvironment(
            ticks: ticks, confinement: nil, dataDirectory: ModuleDataDirectory(root: dataRoot.path("data")))
        instance = try factory.makeInstance(of: module, environment: environment, delegate: recorder)
    }

    deinit {
        instance.destroy()
        factory.shutdown()
        fixture.remove()
        cacheRoot.remove()
        dataRoot.remove()
    }

    /// The text nodes of a render, unstyled.
    func texts(_ tree: ViewTree) -> [String] {
        tree.nodes.compactMap { if case .text(let text) = $0.unstyled { text } else { nil } }
    }

    /// The line the widgets module shows for the last event it got.
    var lastEvent: String? {
        texts(factory.settled { instance.render() }).first { $0.hasPrefix("event ") }
    }

    var timerLine: String? {
        texts(factory.settled { instance.render() }).first { $0.hasPrefix("timers ") }
    }

    /// Delivers the timers due now to `instance`, as the runtime does: claimed, then sent as events.
    @discardableResult
    func deliverDueTimers() -> [String] {
        var fired: [String] = []
        for due in ticks.takeDue(now: .now) where due.instance == instance.id && ticks.claim(due) {
            if case .timer(let id) = due.work {
                fired.append(id)
                instance.send(.timer(id), focus: nil)
            }
        }
        return fired
    }

    /// Waits (running the loop) until a timer of the scheduler is due, then delivers what is due.
    func waitAndDeliverTimers() -> [String] {
        let due = { (self.ticks.nextDeadline.map { $0 <= .now }) ?? false }
        let deadline = ContinuousClock.now + .seconds(5)
        while !due() && ContinuousClock.now < deadline { try? loop.runOnce(timeout: .milliseconds(5)) }
        return deliverDueTimers()
    }

    // MARK: Views

    /// Every 1.2 node, read off the wire, is the tree the same module builds in process, with the same
    /// log lines; and that tree is what the rules say.
    @Test func everyNewNodeMatchesTheInProcessTree() throws {
        let isolated = factory.settled { instance.render() }
        let inProcessRecorder = RecordingDelegate()
        let inProcess = try InProcessModuleInstanceFactory().makeInstance(
            of: module, environment: environment, delegate: inProcessRecorder)
        defer { inProcess.destroy() }
        let local = inProcess.render()
        #expect(isolated == local)
        #expect(recorder.logs == inProcessRecorder.logs)

        let table = ViewTable(
            headers: ["Name", "", "Size"],
            rows: [
                ViewTableRow(
                    cells: ["a.txt", "x", "1 KB"], action: "open-a", style: .dim,
                    rowActions: [ViewRowAction(label: "Delete", action: "delete-a")]),
                ViewTableRow(cells: ["b.txt", ""]),
            ])
        let expected: [ViewNode] = [
            .section(title: "Widgets"),
            .styled([.bold, .error], .text("bold error")),
            .textField(ViewTextField(id: "name", value: "Jill", placeholder: "Your name")),
            .textField(ViewTextField(id: "secret", isSecure: true, isMultiline: true)),
            .toggle(id: "wifi", label: "Wi-Fi", isOn: true),
            .progress(label: "Half", fraction: 0.5),
            .progress(label: nil, fraction: nil),
            .progress(label: "Over", fraction: 1),
            .progress(label: "NaN", fraction: nil),
            .table(table),
            .row(ViewRow(title: "Row", detail: "detail", action: "row", rowActions: [ViewRowAction(label: "Share", action: "share")])),
            .table(ViewTable(headers: [], rows: [ViewTableRow(cells: ["headless"], action: "c", style: .monospace)])),
        ]
        #expect(Array(isolated.nodes.prefix(expected.count)) == expected)
        #expect(recorder.logs.contains { $0.hasPrefix("warning: row_action with no row before it ignored") })
        #expect(recorder.logs.contains { $0.hasPrefix("warning: text_field with an id of 299 bytes ignored") })
    }

    /// The child sends a string only a little past its limit: the host still cuts it at the same
    /// character, with the same line, as in process (broken UTF-8 repaired the same way too).
    @Test func stringsPastTheLimitsAreCutAsInProcess() throws {
        let inProcessRecorder = RecordingDelegate()
        let inProcess = try InProcessModuleInstanceFactory().makeInstance(
            of: module, environment: environment, delegate: inProcessRecorder)
        defer { inProcess.destroy() }
        instance.send(.action("long"), focus: nil)
        inProcess.send(.action("long"), focus: nil)
        let isolated = factory.settled { instance.render() }
        let local = inProcess.render()
        #expect(isolated == local)
        #expect(recorder.logs == inProcessRecorder.logs)
        let field = isolated.nodes.lazy.compactMap { if case .textField(let field) = $0 { field } else { nil } }.first { $0.id == "long" }
        #expect(field?.value.utf8.count ?? 0 <= ModuleLimits.maximumFieldBytes)
        #expect(field?.value.hasSuffix("…") == true)
        #expect(recorder.logs.contains { $0.hasPrefix("warning: text_field value of 90000 bytes cut") })
    }

    @Test func aViewCallAfterRenderIsIgnoredWithOneLine() {
        _ = factory.settled { instance.render() }
        // Hidden: no frame is pushed after each event, so no render opens a view between them.
        instance.appearance(.didDisappear)
        instance.send(.action("late-view"), focus: nil)
        instance.send(.action("late-view"), focus: nil)
        let lines = recorder.logs.filter { $0.contains("called outside render") }
        #expect(lines == ["warning: text called outside render; ignored (view calls are valid only inside render, on its view)"])
        #expect(!texts(factory.settled { instance.render() }).contains("late"))
    }

    // MARK: Events

    @Test(arguments: [
        (ModuleEvent.text(field: "name", value: "Jack"), "name" as String?, "event 4 name Jack name size 1"),
        (.submit(field: "name", value: "Jack"), "name", "event 5 name Jack name size 1"),
        (.toggle(id: "wifi", isOn: false), "wifi", "event 6 wifi 0 wifi size 1"),
        (.result(module: "picker", value: "red"), nil, "event 7 picker red (null) size 1"),
        (.result(module: "picker", value: nil), nil, "event 7 picker (null) (null) size 1"),
        (.alert(id: "ask", button: "No"), "row", "event 8 ask No row size 1"),
        (.action("row"), "row", "event 1 row (null) row size 1"),
    ])
    func eventsArriveWithTheirValueAndFocus(event: ModuleEvent, focus: String?, line: String) {
        instance.send(event, focus: focus)
        #expect(lastEvent == line)
    }

    // MARK: Host calls

    @Test func finishAlertAndSaveSoonReachTheDelegate() {
        instance.send(.action("finish:chosen"), focus: nil)
        instance.send(.action("finish-null"), focus: nil)
        #expect(recorder.finishes == ["chosen", nil])
        instance.send(.action("alert"), focus: nil)
        instance.send(.action("alert-none"), focus: nil)
        #expect(
            recorder.alerts == [
                ScreenAlert(id: "ask", title: "Sure?", message: "It cannot be undone.", buttons: ["Yes", "No"]),
                ScreenAlert(id: "none", title: "None", buttons: ["OK"]),
            ])
        instance.send(.action("alert-many"), focus: nil)
        #expect(recorder.alerts.last?.buttons == ["1", "2", "3", "4", "5", "6", "7", "8"])
        #expect(recorder.logs.contains("warning: alert with 10 buttons: those past 8 are dropped"))
        instance.send(.action("save"), focus: nil)
        #expect(recorder.saveSoons == 1)
    }

    @Test func timersFireAndCancelThroughTheChild() {
        instance.send(.action("timer-once"), focus: nil)
        #expect(ticks.timerCount(instance.id) == 1)
        #expect(waitAndDeliverTimers() == ["once"])
        #expect(timerLine == "timers once 1 repeat 0 thread 0 ran 0")
        #expect(ticks.timerCount(instance.id) == 0)

        instance.send(.action("timer-repeat"), focus: nil)
        #expect(waitAndDeliverTimers() == ["repeat"])
        #expect(waitAndDeliverTimers() == ["repeat"])
        #expect(timerLine == "timers once 1 repeat 2 thread 0 ran 0")
        instance.send(.action("cancel-repeat"), focus: nil)
        #expect(ticks.timerCount(instance.id) == 0)
        // A firing the host sent before the cancel reached it is dropped in the child: the module never
        // sees a timer after cancel_timer returned.
        instance.send(.timer("repeat"), focus: nil)
        #expect(timerLine == "timers once 1 repeat 2 thread 0 ran 0")
    }

    /// A module that crashed set its timers in a process that is gone: they stop with it.
    @Test func aCrashedModulesTimersStop() {
        instance.send(.action("timer-repeat"), focus: nil)
        #expect(ticks.timerCount(instance.id) == 1)
        instance.send(.action("segv"), focus: nil)
        #expect(instance.isStopped)
        #expect(ticks.timerCount(instance.id) == 0)
    }

    @Test func dataDirIsMadeByTheHostAndModuleDirIsTheOriginalFilesDirectory() throws {
        instance.send(.action("dirs"), focus: nil)
        let lines = texts(factory.settled { instance.render() })
        let data = dataRoot.path("data/widgets")
        #expect(lines.contains("data \(data) stable 1"))
        #expect(lines.contains("module \(fixture.directory)"))
        var info = stat()
        #expect(stat(data, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    /// Under ThreadSanitizer a thread a module starts in the child is one the runtime never saw (see
    /// `IsolationRoundTripTests.tickActions`); this test runs in every other build.
    @Test(.enabled(if: !Sanitizers.thread))
    func invalidateAndSetTimerWorkFromAModuleThreadAndAPushIsIgnoredWithALine() {
        let before = recorder.invalidations
        instance.send(.action("thread"), focus: nil)
        #expect(recorder.invalidations == before + 2)  // the thread's and the event's own
        #expect(recorder.pushes.isEmpty)
        #expect(recorder.titles.isEmpty)
        let suffix =
            "called from another thread; ignored (only invalidate, set_timer, cancel_timer, schedule_tick, "
            + "save_soon and log are safe off the main thread)"
        #expect(recorder.logs.contains("warning: push \(suffix)"))
        #expect(recorder.logs.contains("warning: set_title \(suffix)"))
        #expect(recorder.logs.contains("info: log from a thread"))
        #expect(waitAndDeliverTimers() == ["thread"])
        #expect(timerLine == "timers once 0 repeat 0 thread 1 ran 1")
    }
}
