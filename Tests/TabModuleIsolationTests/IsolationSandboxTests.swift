import Foundation
import TabHostTesting
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// `IsolationSettings.sandbox`: the child applies the default profile before it opens the module,
/// reports what it enforced, and the host makes data_dir and a private TMPDIR for it and removes the
/// latter when the child ends; `.off` (the default) changes nothing.
@Suite(.serialized, .blocking)
struct IsolationSandboxTests {
    /// Shows whether it could read `secret`, write in its data_dir, and which TMPDIR it was given.
    static func peekSource(secret: String) -> String {
        """
        #include "tab_module.h"
        #include <errno.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <unistd.h>
        typedef struct peek { const tab_host_api *api; tab_host *host; } peek;
        static void *create(const tab_host_api *api, tab_host *host) {
            peek *self = calloc(1, sizeof(*self));
            if (self) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            peek *self = opaque;
            char line[4200];
            int fd = open("\(secret)", O_RDONLY);
            snprintf(line, sizeof line, "secret: %s", fd >= 0 ? "read" : errno == EACCES ? "EACCES" : "other");
            if (fd >= 0) close(fd);
            self->api->text(view, line);
            const char *data = self->api->data_dir(self->host);
            snprintf(line, sizeof line, "%s/kept", data ? data : "/nonexistent");
            fd = open(line, O_WRONLY | O_CREAT, 0600);
            self->api->text(view, fd >= 0 ? "data: written" : "data: refused");
            if (fd >= 0) close(fd);
            const char *tmp = getenv("TMPDIR");
            snprintf(line, sizeof line, "tmp: %s", tmp ? tmp : "none");
            self->api->text(view, line);
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "peek", .version = "1.0", .title = "Peek",
            .create = create, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """
    }

    /// The peek module as the only tab of a host with the sandbox `mode`, started unless `starts` is false.
    static func withPeek(
        _ mode: SandboxMode, abiLimit: Int32 = 0, grants: ModuleGrantSource = .none, starts: Bool = true,
        _ body: (IsolatedHost, _ data: String) throws -> Void
    ) throws {
        let outside = try Fixture()
        defer { outside.remove() }
        let secret = outside.directory + "/secret.txt"
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        var settings = IsolatedHost.testSettings
        settings.sandbox = mode
        settings.sandboxLandlockABILimit = abiLimit
        settings.grants = grants
        settings.dataDirectory = ModuleDataDirectory(root: outside.directory + "/data")
        let setup = try IsolatedHost(
            modules: [("peek.so", peekSource(secret: secret))],
            layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "peek"}]}}}"#, settings: settings)
        // The data_dir the module is given, and the one the sandbox's write rule names, are the same.
        setup.runtime.dataDirectory = settings.dataDirectory
        if starts { setup.host.start() }
        try body(setup, outside.directory + "/data/peek")
    }

    @Test(arguments: [SandboxMode.on, .require])
    func theChildIsConfinedAndItsOwnDirectoriesWork(mode: SandboxMode) throws {
        try Self.withPeek(mode) { setup, data in
            #expect(setup.texts.contains("secret: EACCES"), "\(setup.texts)")
            #expect(setup.texts.contains("data: written"), "\(setup.texts)")
            #expect(FileManager.default.fileExists(atPath: data + "/kept"))
            let tmp = try #require(setup.texts.first { $0.hasPrefix("tmp: /") }.map { String($0.dropFirst(5)) }, "\(setup.texts)")
            var info = stat()
            #expect(stat(tmp, &info) == 0 && info.st_mode & 0o777 == 0o700)
            // Named by this host, so that the next one removes it if this one is killed.
            #expect(tmp.hasPrefix("/tmp/tabhost-tmp-\(getpid())-peek-"), "\(tmp)")
            #expect(setup.log.lines.contains { $0.hasPrefix("peek info: sandbox: landlock ABI") }, "\(setup.log.lines)")
            setup.factory.shutdown()
            #expect(access(tmp, F_OK) != 0, "the private temporary directory outlived the child")
        }
    }

    @Test func offChangesNothing() throws {
        try Self.withPeek(.off) { setup, _ in
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
            #expect(!setup.log.lines.contains { $0.contains("sandbox:") })
        }
    }

    /// Landlock ABI 3 has no TCP rules or scopes: `on` runs with a warning naming them, `require`
    /// refuses to run the module, in one line on its tab and in the log.
    @Test func aMissingLayerIsAWarningWithOnAndARefusalWithRequire() throws {
        try Self.withPeek(.on, abiLimit: 3) { setup, _ in
            #expect(setup.texts.contains("secret: EACCES"), "\(setup.texts)")
            #expect(
                setup.log.lines.contains { $0.hasPrefix("peek warning: sandbox incomplete:") && $0.contains("tcp (Landlock ABI 4)") },
                "\(setup.log.lines)")
        }
        try Self.withPeek(.require, abiLimit: 3) { setup, _ in
            #expect(!setup.texts.contains { $0.hasPrefix("secret:") }, "\(setup.texts)")
            let refusal = "--sandbox require: its sandbox is incomplete"
            #expect(setup.texts.contains { $0.contains(refusal) }, "\(setup.texts)")
            #expect(setup.log.lines.contains { $0.contains(refusal) }, "\(setup.log.lines)")
        }
    }

    /// What this kernel lacks is the same for every child: one warning per session, and each module's
    /// own line says what its sandbox enforces.
    @Test func aMissingLayerIsSaidOnceForEveryChild() throws {
        let outside = try Fixture()
        defer { outside.remove() }
        var settings = IsolatedHost.testSettings
        settings.sandbox = .on
        settings.sandboxLandlockABILimit = 3
        let secret = outside.directory + "/secret.txt"
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        let other = Self.peekSource(secret: secret).replacingOccurrences(of: #".name = "peek""#, with: #".name = "other""#)
        let setup = try IsolatedHost(
            modules: [("peek.so", Self.peekSource(secret: secret)), ("other.so", other)],
            layout: #"{"root": {"tabs": [{"name": "a", "module": "peek"}, {"name": "b", "module": "other"}]}}"#, settings: settings)
        setup.host.start()
        #expect(setup.host.apply(.selectTab(1)))
        #expect(setup.texts.contains("secret: EACCES"), "\(setup.texts)")
        let warnings = setup.log.lines.filter { $0.contains("warning: sandbox incomplete:") }
        #expect(warnings.count == 1, "\(setup.log.lines)")
        #expect(warnings.first?.contains("said once; tabhost permissions shows what this kernel enforces") == true)
        for name in ["peek", "other"] {
            #expect(setup.log.lines.contains { $0.hasPrefix("\(name) info: sandbox: landlock ABI 3") }, "\(setup.log.lines)")
        }
        setup.factory.shutdown()
    }
}
