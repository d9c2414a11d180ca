import Foundation
import InMemoryLogging
import TabHostTesting
import TabKit
import TabLayout
import Testing

@testable import TabModuleLoading
@testable import TabModuleRuntime

/// C source of a reloadable fixture module: a counter kept through save_state/restore_state,
/// a render line naming its version, and every appearance call logged through `api->log`.
struct ReloadSource {
    var name: String
    var version = "1"
    var text = "hello"
    var magic = "TAB_MODULE_MAGIC"
    var abiMajor = "TAB_MODULE_ABI_MAJOR"
    var hasState = true
    var createReturnsNull = false
    var restoreRefuses = false
    /// save_state asks for one byte more on every call (a module that never settles on a size).
    var stateGrows = false
    /// save_state dereferences NULL (a module that crashes while a reload saves its state).
    var saveCrashes = false
    /// restore_state dereferences NULL (a new version broken where it reads the old state).
    var restoreCrashes = false
    /// restore_state never returns (a new version that hangs where it reads the old state).
    var restoreSpins = false
    var entry = "TAB_MODULE_DECLARE(descriptor)"

    var source: String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct { const tab_host_api *api; tab_host *host; int count; char param[64]; } S;
        static void say(S *x, const char *what) { char b[128]; snprintf(b, sizeof b, "v\(version) %s", what); x->api->log(x->host, 1, b); }
        static void *create(const tab_host_api *api, tab_host *host) {
            if (\(createReturnsNull ? 1 : 0)) return NULL;
            S *x = calloc(1, sizeof(S)); x->api = api; x->host = host; strcpy(x->param, "-"); return x;
        }
        static void start(void *s, const char *p) { S *x = s; snprintf(x->param, sizeof x->param, "%s", p ? p : "-"); say(x, "start"); }
        static void render(void *s, tab_view *v) {
            S *x = s; char b[200];
            snprintf(b, sizeof b, "\(text) v\(version) count=%d param=%s", x->count, x->param);
            x->api->text(v, b); x->api->button(v, "+", "inc");
        }
        static void event(void *s, const tab_event *e) {
            S *x = s; if (e->type == TAB_EVENT_ACTION && e->action && strcmp(e->action, "inc") == 0) x->count++;
        }
        static void appearance(void *s, int phase) {
            static const char *names[] = {"willAppear", "didAppear", "willDisappear", "didDisappear"};
            say(s, phase >= 0 && phase < 4 ? names[phase] : "?");
        }
        __attribute__((unused)) static size_t save_state(void *s, void *buf, size_t cap) {
            S *x = s;
            if (\(stateGrows ? 1 : 0)) return cap + 1;
            if (\(saveCrashes ? 1 : 0)) { volatile int *nowhere = NULL; *nowhere = 1; }
            if (cap >= sizeof(int)) memcpy(buf, &x->count, sizeof(int));
            return sizeof(int);
        }
        __attribute__((unused)) static int restore_state(void *s, const void *d, size_t n) {
            S *x = s;
            if (\(restoreCrashes ? 1 : 0)) { volatile int *nowhere = NULL; *nowhere = 1; }
            for (volatile int spin = \(restoreSpins ? 1 : 0); spin;) {}
            if (\(restoreRefuses ? 1 : 0) || n != sizeof(int)) return 0;
            memcpy(&x->count, d, sizeof(int));
            return 1;
        }
        static void destroy(void *s) { free(s); }
        __attribute__((used)) static const tab_module_descriptor descriptor = {
            .magic = \(magic), .struct_size = sizeof(tab_module_descriptor),
            .abi_major = \(abiMajor), .abi_minor = TAB_MODULE_ABI_MINOR,
            .name = "\(name)", .version = "\(version)", .title = "\(name.capitalized)",
            .create = create, .start = start, .render = render, .event = event, .appearance = appearance,
            .save_state = \(hasState ? "save_state" : "NULL"), .restore_state = \(hasState ? "restore_state" : "NULL"),
            .destroy = destroy,
        };
        \(entry)

        """
    }
}

/// A watched module directory, a host with a tab container (tabs "one": alpha, "two": beta,
/// accepting new modules), the runtime, a watcher and a reloader; all real, no terminal.
final class ReloadHarness {
    let fixture: Fixture
    let modules: String
    let build: String
    let copies: ModuleCopyDirectory
    let registry: ModuleRegistry
    let runtime: ModuleRuntime
    let host: ContainerHost
    let watcher: DirectoryWatcher
    let reloader: HotReloader
    /// What the modules logged through the runtime's logger.
    let recorder = InMemoryLogHandler.everyLevel()
    /// Module log lines, "module: message", in order.
    var log: [String] { recorder.entries.map { "\($0.metadata["module"].map { "\($0)" } ?? "-"): \($0.message)" } }
    private var builds = 0

    /// `factory` makes the instances (by default `IsolationUnderTest` picks in process or out of process).
    init(
        initial: [ReloadSource], tabs: [(String, String)] = [("one", "alpha"), ("two", "beta")],
        factory: (any ModuleInstanceFactory)? = nil
    ) throws {
        fixture = try Fixture()
        modules = fixture.path("mods")
        build = fixture.path("build")
        for directory in [modules, build, fixture.path("copies")] { mkdir(directory, 0o700) }
        for source in initial { _ = try fixture.compile("mods/\(source.name).so", source: source.source) }
        copies = try ModuleCopyDirectory(root: fixture.path("copies"))
        registry = ModuleRegistry(loader: ModuleLoader(copies: copies))
        registry.load(directories: [ModuleDirectory(modules)])
        runtime = ModuleRuntime(
            registry: registry, logger: recorder.logger, factory: factory ?? IsolationUnderTest.factory(logger: recorder.logger))
        let tabList = tabs.map { #"{"name": "\#($0.0)", "module": "\#($0.1)"}"# }.joined(separator: ", ")
        let layout = try Layout.parse(
            #"{"root": {"tabs": [\#(tabList)], "acceptsNewModules": true}}"#,
            knownModules: Set(registry.modules.map(\.name)))
        host = ContainerHost(layout: layout, factory: runtime)
        watcher = try DirectoryWatcher()
        try watcher.watch(directory: modules)
        reloader = HotReloader(runtime: runtime, host: host)
        reloader.directories = [ModuleDirectory(modules)]
        // A deleted file's tabs go at once unless a test is about the grace (`removalGrace`).
        reloader.removalGrace = .zero
        host.start()
    }

    deinit {
        copies.removeAll()
        fixture.remove()
    }

    var container: TabContainer { host.root as! TabContainer }

    /// Compiles `source` in the build directory and renames it into the watched directory as `file`.
    func install(_ source: ReloadSource, as file: String? = nil) throws {
        builds += 1
        let built = try fixture.compile("build/\(source.name)-\(builds).so", source: source.source)
        try rename(built, to: file ?? "\(source.name).so")
    }

    /// Writes `bytes` in the build directory and renames them in as `file`.
    func installBytes(_ bytes: [UInt8], as file: String) throws {
        builds += 1
        let built = try fixture.write("build/raw-\(builds).so", bytes: bytes, mode: 0o755)
        try rename(built, to: file)
    }

    func rename(_ path: String, to file: String) throws {
        guard Foundation.rename(path, modules + "/" + file) == 0 else { throw FixtureError("rename \(path) failed: \(errno)") }
    }

    /// Waits for the watcher's next events and applies them; returns the reports.
    func pump(timeout: Duration = .seconds(5)) -> [HotReloadReport] {
        let events = watcher.waitForEvents(timeout: timeout)
        return events.flatMap { reloader.apply($0) }
    }

    /// The first text line the controller renders.
    static func text(_ controller: any Controller) -> String? {
        for node in controller.render().nodes { if case .text(let text) = node { return text } }
        return nil
    }

    /// The text of the visible controller.
    var visibleText: String? { Self.text(host.visibleController) }

    /// The live controllers of `module`.
    func controllers(_ module: String) -> [ModuleController] { runtime.controllers(ofModule: module) }

    /// Sends "inc" `times` times to `controller`.
    func increment(_ controller: any Controller, times: Int) {
        for _ in 0..<times { controller.handle(.action("inc")) }
    }

    /// The badge the bar shows for tab `name`.
    func badge(_ name: String) -> String? {
        guard let index = container.index(ofTab: name) else { return nil }
        return container.item(of: container.tabs[index], isSelected: false).badge
    }

    /// Lines of /proc/self/maps naming `path`.
    static func mapped(_ path: String) -> Bool {
        let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
        return String(decoding: data, as: UTF8.self).contains(path)
    }
}
