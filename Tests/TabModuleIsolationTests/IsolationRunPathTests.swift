import Foundation
import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabLayout
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// A module that links a library from outside the system's directories, found through its RUNPATH (as a
/// SwiftPM-built module finds the Swift runtime even when the host maps none), loads in the sandbox:
/// the child may read the directories the module's dynamic section names.
@Suite(.serialized)
struct IsolationRunPathTests {
    @Test func runPathsAndRPathsAreReadWithOriginExpanded() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let source = fixture.directory + "/empty.c"
        try "int tabhost_nothing(void) { return 0; }\n".write(toFile: source, atomically: false, encoding: .utf8)
        let runpath = fixture.directory + "/runpath.so"
        try Fixture.runChecked(
            "/usr/bin/cc",
            ["-shared", "-fPIC", "-o", runpath, source, "-Wl,--enable-new-dtags", "-Wl,-rpath,/opt/x/lib:$ORIGIN/../lib:rel"])
        #expect(ELFRunPaths.directories(of: runpath, origins: ["/m", "/c"]) == ["/opt/x/lib", "/m/../lib", "/c/../lib"])
        let rpath = fixture.directory + "/rpath.so"
        try Fixture.runChecked("/usr/bin/cc", ["-shared", "-fPIC", "-o", rpath, source, "-Wl,--disable-new-dtags", "-Wl,-rpath,/y"])
        #expect(ELFRunPaths.directories(of: rpath, origins: []) == ["/y"])
        let plain = fixture.directory + "/plain.so"
        try Fixture.runChecked("/usr/bin/cc", ["-shared", "-fPIC", "-o", plain, source])
        #expect(ELFRunPaths.directories(of: plain, origins: []).isEmpty)
        #expect(ELFRunPaths.directories(of: source, origins: []).isEmpty)
        #expect(ELFRunPaths.directories(of: fixture.directory + "/missing.so", origins: []).isEmpty)
    }

    @Test func aModuleLinkingALibraryThroughItsRunPathRunsInTheSandbox() throws {
        let libraries = try Fixture()
        defer { libraries.remove() }
        let modules = try Fixture()
        defer { modules.remove() }
        let copies = try Fixture()
        defer { copies.remove() }
        let helperSource = libraries.directory + "/helper.c"
        try "const char *tabhost_helper_text(void) { return \"from the helper library\"; }\n".write(
            toFile: helperSource, atomically: false, encoding: .utf8)
        try Fixture.runChecked("/usr/bin/cc", ["-shared", "-fPIC", "-o", libraries.directory + "/libhelper.so", helperSource])
        let moduleSource = modules.directory + "/linked.c"
        try """
        #include "tab_module.h"
        #include <stdlib.h>
        const char *tabhost_helper_text(void);
        typedef struct linked { const tab_host_api *api; } linked;
        static void *create(const tab_host_api *api, tab_host *host) {
            (void)host;
            linked *self = calloc(1, sizeof *self);
            if (self) self->api = api;
            return self;
        }
        static void render(void *opaque, tab_view *view) { linked *self = opaque; self->api->text(view, tabhost_helper_text()); }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "linked", .version = "1.0", .title = "Linked",
            .create = create, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """.write(toFile: moduleSource, atomically: false, encoding: .utf8)
        try Fixture.runChecked(
            "/usr/bin/cc",
            [
                "-shared", "-fPIC", "-I", Fixture.includeDirectory, "-o", modules.directory + "/linked.so", moduleSource,
                "-L", libraries.directory, "-lhelper", "-Wl,--enable-new-dtags", "-Wl,-rpath," + libraries.directory,
            ])
        let log = InMemoryLogHandler.everyLevel()
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: copies.directory)))
        registry.load(directories: [ModuleDirectory(modules.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        var settings = IsolatedHost.testSettings
        settings.sandbox = .on
        let factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        defer { factory.shutdown() }
        factory.attach(to: PollEventLoop())
        let runtime = ModuleRuntime(registry: registry, logger: log.logger, factory: factory)
        let host = ContainerHost(
            layout: try Layout.parse(#"{"root": {"stack": {"module": "linked"}}}"#, file: "layout.json", knownModules: ["linked"]),
            factory: runtime)
        host.start()
        let texts = host.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(texts == ["from the helper library"], "\(texts) \(log.lines)")
    }
}
