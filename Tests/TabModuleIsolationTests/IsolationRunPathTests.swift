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
import _CIsolation

/// A module's RUNPATH opens nothing: the sandbox's read rules come from the host alone (the module's
/// own directory, its private copy, the Swift runtime recorded when TabHost was built, the system's
/// libraries), so a module linked with `-rpath /` or `$ORIGIN/../../..` cannot choose to read every file.
@Suite(.serialized, .blocking)
struct IsolationRunPathTests {
    /// The Swift runtime this process maps, as the sandbox's read rules take it: the dynamic loader's name
    /// for the file of `swift_retain`, which must be the libswiftCore.so that /proc/self/maps lists (a
    /// debug build links the runtime dynamically).
    @Test func theMappedSwiftRuntimeIsTheOneInThisProcesssMap() throws {
        let named = try #require(tabhost_isolation_mapped_swift_runtime().map { String(cString: $0) })
        // Read to its end: a /proc file's size is 0, which a whole-file read takes as empty.
        let bytes = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data()
        let maps = String(decoding: bytes, as: UTF8.self)
        let mapped = maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
            .filter { $0.hasSuffix("/libswiftCore.so") }
        #expect(Set(mapped) == [named])
    }

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

    /// The hostile try: a RUNPATH naming `/`, `$ORIGIN/../../..` and the secret's directory, and a module
    /// that reads a 0600 secret outside its own directory. Under the sandbox it is refused; the control,
    /// `--sandbox off`, proves the try reads it.
    @Test(arguments: [SandboxMode.on, .off])
    func aModulesOwnRunPathDoesNotOpenTheFilesystem(mode: SandboxMode) throws {
        let secrets = try Fixture()
        defer { secrets.remove() }
        let modules = try Fixture()
        defer { modules.remove() }
        let copies = try Fixture()
        defer { copies.remove() }
        let secret = secrets.directory + "/id_ed25519"
        try "the user's key".write(toFile: secret, atomically: false, encoding: .utf8)
        _ = chmod(secret, 0o600)
        let moduleSource = """
            #include "tab_module.h"
            #include <errno.h>
            #include <fcntl.h>
            #include <stdio.h>
            #include <string.h>
            #include <unistd.h>
            static char shown[256];
            static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
            static void render(void *self, tab_view *view) {
                const tab_host_api *api = self;
                int fd = open("\(secret)", O_RDONLY | O_CLOEXEC);
                if (fd < 0) {
                    snprintf(shown, sizeof shown, "refused: %s", strerror(errno));
                } else {
                    char bytes[64] = {0};
                    ssize_t n = read(fd, bytes, sizeof bytes - 1);
                    (void)n;
                    close(fd);
                    snprintf(shown, sizeof shown, "read: %s", bytes);
                }
                api->text(view, shown);
            }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "runpath", .version = "1.0", .title = "RunPath",
                .create = create, .render = render,
            };
            const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
            """
        _ = try Fixture.compileModule(
            moduleSource, to: modules.directory + "/runpath.so",
            flags: [
                "-shared", "-fPIC", "-I", Fixture.includeDirectory, "-Wl,--enable-new-dtags",
                "-Wl,-rpath,/:$ORIGIN/../../..:" + secrets.directory,
            ])
        let texts = try Self.render(module: "runpath", in: modules.directory, copies: copies.directory, sandbox: mode)
        if mode == .off {
            #expect(texts == ["read: the user's key"])
        } else {
            #expect(texts == ["refused: Permission denied"])
        }
    }

    /// A library outside the module's own directory is not readable because the module's RUNPATH names
    /// it: the module is refused with a line saying to grant `read:DIRECTORY`; granted, it runs.
    @Test func aLibraryOutsideTheModulesDirectoryNeedsAReadGrant() throws {
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
        let refused = try Self.render(module: "linked", in: modules.directory, copies: copies.directory, sandbox: .on)
        #expect(refused.count == 1 && refused[0].contains("grant linked read:DIRECTORY"), "\(refused)")
        let granted = try Self.render(
            module: "linked", in: modules.directory, copies: copies.directory, sandbox: .on, granted: ["read:" + libraries.directory])
        #expect(granted == ["from the helper library"])
    }

    /// The text nodes of `module`'s first frame, run in a child under `sandbox` with `granted`.
    private static func render(
        module: String, in directory: String, copies: String, sandbox: SandboxMode, granted: [String] = []
    ) throws -> [String] {
        let log = InMemoryLogHandler.everyLevel()
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: copies)))
        registry.load(directories: [ModuleDirectory(directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        var settings = IsolatedHost.testSettings
        settings.sandbox = sandbox
        settings.grants = ModuleGrantSource(storePath: nil, layout: [module: granted])
        let factory = OutOfProcessModuleInstanceFactory(settings: settings, logger: log.logger)
        defer { factory.shutdown() }
        factory.attach(to: PollEventLoop())
        let runtime = ModuleRuntime(registry: registry, logger: log.logger, factory: factory)
        let host = ContainerHost(
            layout: try Layout.parse(#"{"root": {"stack": {"module": "\#(module)"}}}"#, file: "layout.json", knownModules: [module]),
            factory: runtime)
        host.start()
        return factory.settled { host.screen }.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }
}
