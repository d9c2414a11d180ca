import Foundation
import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// ABI 1.3 on both paths: a module built from the header alone (`ABI13Module`), in process and in
/// `tabhost-module-host`, builds the same tree through the same builder (bar buttons, disabled
/// nodes, shortcuts, spans, a lazy list of 1,000,000 rows drawn only in its window) and makes the
/// same host calls.
@Suite(.serialized, .blocking)
final class ABI13CallsTests {
    let fixture: Fixture
    let cacheRoot: Fixture
    let log = InMemoryLogHandler.everyLevel()
    let loop = PollEventLoop()
    let ticks = TickScheduler()
    let factory: OutOfProcessModuleInstanceFactory
    let module: LoadedModule
    let isolatedRecorder = RecordingDelegate()
    let localRecorder = RecordingDelegate()
    let isolated: any ModuleInstance
    let local: any ModuleInstance

    init() throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        try fixture.compile("abi13.so", source: ABI13Module.source)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        module = try #require(registry.modules.first { $0.name == "abi13" })
        factory = OutOfProcessModuleInstanceFactory(settings: IsolatedHost.testSettings, logger: log.logger)
        factory.attach(to: loop)
        let environment = ModuleInstanceEnvironment(ticks: ticks, confinement: nil, dataDirectory: nil)
        isolated = try factory.makeInstance(of: module, environment: environment, delegate: isolatedRecorder)
        local = try InProcessModuleInstanceFactory().makeInstance(of: module, environment: environment, delegate: localRecorder)
    }

    deinit {
        isolated.destroy()
        local.destroy()
        factory.shutdown()
        fixture.remove()
        cacheRoot.remove()
    }

    /// Renders both instances with `windows`; they must agree, tree and log lines.
    func render(_ windows: [String: Range<Int>] = [:]) -> ViewTree {
        // The child answers on the loop: settled, the isolated view is the one its render made.
        let tree = factory.settled { isolated.render(listWindows: windows) }
        #expect(tree == local.render(listWindows: windows))
        #expect(isolatedRecorder.logs == localRecorder.logs)
        return tree
    }

    func list(_ tree: ViewTree) -> ViewList? {
        tree.nodes.lazy.compactMap { if case .list(let list) = $0.unstyled { list } else { nil } }.first
    }

    @Test func everyViewCallBuildsTheSameTreeOnBothPaths() throws {
        #expect(module.info.abiMinor == 3 && module.info.functions.contains(.listRow))
        let tree = render()
        #expect(
            tree.barButtons == [
                ViewBarButton(label: "Cancel", action: "cancel", isTrailing: false),
                ViewBarButton(label: "Post", action: "post", isTrailing: true, isEnabled: false),
            ])
        #expect(
            tree.shortcuts == [
                ViewShortcut(key: 0x2F, label: "Search", action: "search"),
                ViewShortcut(key: TabKey.pageDown.rawValue, label: "Next", action: "next"),
            ])
        #expect(isolatedRecorder.logs == ["warning: shortcut for the key 113 (q) refused: the host keeps it; choose another key"])
        #expect(
            Array(tree.nodes.prefix(4)) == [
                .textField(ViewTextField(id: "search", placeholder: "Search")),
                .styled(.disabled, .button(label: "Disabled", action: "off")),
                .button(label: "On", action: "on"),
                .spans([ViewSpan(text: "Hello "), ViewSpan(text: "@ann", style: .bold), ViewSpan(text: "", style: .dim)]),
            ])
        // Disabled: neither focusable nor an action a front end may send; so is Post.
        #expect(!tree.focusables.contains(.action("off")) && !tree.actions.contains("off") && !tree.actions.contains("post"))
        #expect(tree.actions.isSuperset(of: ["on", "cancel", "search", "next", "open 0", "copy 0"]))

        // The lazy list: 1,000,000 rows, only the default window drawn, one node each.
        let posts = try #require(list(tree))
        #expect(posts.count == 1_000_000 && posts.window == 0..<ModuleLimits.defaultListWindowRows)
        #expect(
            posts.rows[0] == .row(ViewRow(title: "posts 0", action: "open 0", rowActions: [ViewRowAction(label: "Copy", action: "copy 0")]))
        )
        #expect(posts.rows[1].style == .dim)
        // A window asked for near the end is cut at the list's end; one past the limit at the limit.
        let end = try #require(list(render(["posts": 999_990..<1_000_050])))
        #expect(end.window == 999_990..<1_000_000 && end.row(at: 999_999) != nil && end.row(at: 5) == nil)
        let wide = try #require(list(render(["posts": 10..<100_000])))
        #expect(wide.window == 10..<(10 + ModuleLimits.maximumListWindowRows))
    }

    @Test func everyHostCallReachesTheDelegateTheSameWay() {
        for action in ["focus", "focus-unknown", "scroll", "copy", "toast", "push", "present", "now"] {
            isolated.send(.action(action), focus: nil)
            local.send(.action(action), focus: nil)
        }
        factory.settle()
        #expect(
            isolatedRecorder.calls13 == [
                "focus search", "focus nowhere", "scroll posts 500000", "copy copied text", "toast Posted [\"success\"]",
                "push abi13 p tag compose", "present abi13 p tag reply guarded",
            ])
        #expect(isolatedRecorder.calls13 == localRecorder.calls13)
        #expect(render().nodes.last == .text("now 1"))
        isolated.send(.dismiss, focus: nil)
        local.send(.dismiss, focus: nil)
        factory.settle()
        #expect(render().nodes.last == .text("dismiss"))
    }

    /// A module built against the 1.2 header keeps loading and rendering on both paths: its smaller
    /// descriptor is read only as far as it goes (no `list_row`), its view as it always was.
    @Test func aModuleBuiltAgainst12IsUnchanged() throws {
        let include = fixture.path("include12")
        try FileManager.default.createDirectory(atPath: include, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: Products.repositoryRoot + "/Tests/Fixtures/headers/tab_module-1.2.h", toPath: include + "/tab_module.h")
        let older = try Fixture()
        defer { older.remove() }
        try older.compile("abi12.so", source: ABI13Module.older, flags: ["-shared", "-fPIC", "-I", include])
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(older.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        let loaded = try #require(registry.modules.first { $0.name == "abi12" })
        #expect(loaded.info.abiMinor == 2 && loaded.info.structSize == TabModuleABI.descriptorSize12)
        #expect(!loaded.info.functions.contains(.listRow))
        let environment = ModuleInstanceEnvironment(ticks: ticks, confinement: nil, dataDirectory: nil)
        let recorder = RecordingDelegate()
        let child = try factory.makeInstance(of: loaded, environment: environment, delegate: recorder)
        let inProcess = try InProcessModuleInstanceFactory().makeInstance(of: loaded, environment: environment, delegate: recorder)
        defer {
            child.destroy()
            inProcess.destroy()
        }
        let expected = ViewTree([.row(ViewRow(title: "Old", action: "old", rowActions: [ViewRowAction(label: "Share", action: "share")]))])
        #expect(factory.settled { child.render() } == expected && inProcess.render(listWindows: ["x": 0..<5]) == expected)
        #expect(recorder.logs.isEmpty)
    }

    /// A list inside a list's row is ignored with one line, on both paths alike, and the rows around it
    /// are drawn: the child sends no rows for it, so the outer list goes on (it had stopped the isolated
    /// module as a protocol violation, found by an outside try). The view then fills up: a list past the
    /// view's last node is ignored too, its rows read and dropped, the module still running.
    @Test func aListInsideARowOrPastAFullViewIsIgnoredAlikeAndTheModuleRuns() throws {
        let source = """
            #include "tab_module.h"
            #include <stdlib.h>
            static const tab_host_api *api;
            static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return malloc(1); }
            static void render(void *self, tab_view *view) {
                (void)self;
                api->list(view, "outer", 3);
                for (int i = 0; i < 5000; i++) api->text(view, "filler");
                api->list(view, "late", 3);
                api->text(view, "after");
            }
            static void list_row(void *self, const char *id, size_t index, tab_view *view) {
                (void)self; (void)id; (void)index;
                api->list(view, "inner", 5);
                api->row(view, "r", NULL, NULL);
            }
            static void destroy(void *self) { free(self); }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "nested", .title = "Nested",
                .create = create, .render = render, .list_row = list_row, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        let nested = try Fixture()
        defer { nested.remove() }
        try nested.compile("nested.so", source: source)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(nested.directory)])
        let loaded = try #require(registry.modules.first { $0.name == "nested" }, "\(registry.errors)")
        let environment = ModuleInstanceEnvironment(ticks: ticks, confinement: nil, dataDirectory: nil)
        let (childLog, localLog) = (RecordingDelegate(), RecordingDelegate())
        let child = try factory.makeInstance(of: loaded, environment: environment, delegate: childLog)
        let inProcess = try InProcessModuleInstanceFactory().makeInstance(of: loaded, environment: environment, delegate: localLog)
        defer {
            child.destroy()
            inProcess.destroy()
        }
        for _ in 0..<2 {
            let tree = factory.settled { child.render() }
            #expect(tree == inProcess.render())
            let outer = try #require(list(tree))
            #expect(outer.id == "outer" && outer.rows.count == 3, "\(outer)")
        }
        #expect(childLog.logs == localLog.logs)
        #expect(childLog.logs.contains { $0.contains("list inside a list's row ignored") }, "\(childLog.logs)")
        #expect(!log.entries.contains { $0.message.description.contains("protocol violation") }, "\(log.entries)")
    }
}
