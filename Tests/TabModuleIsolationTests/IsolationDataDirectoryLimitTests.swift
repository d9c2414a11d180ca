import Foundation
import TabHostTesting
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// A module's `data_dir` has a soft limit: the module's writes go on, but once it holds more, the log
/// says so in one line (and the session's status line, through `ModuleProcessEvent`). The module here
/// writes 2 MiB at start and calls `save_soon`; with a 1 MiB limit the line appears, and the control, a
/// 4 MiB limit, proves the same module under the limit says nothing.
@Suite(.serialized, .blocking)
struct IsolationDataDirectoryLimitTests {
    static let writerSource = """
        #define _GNU_SOURCE
        #include "tab_module.h"
        #include <errno.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        static char shown[4200] = "nothing";
        typedef struct writer { const tab_host_api *api; tab_host *host; } writer;
        static void *create(const tab_host_api *api, tab_host *host) {
            writer *self = calloc(1, sizeof *self);
            if (self) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            (void)param;
            writer *self = opaque;
            const tab_host_api *api = self->api;
            tab_host *host = self->host;
            char path[4096];
            const char *data = api->data_dir(host);
            snprintf(path, sizeof path, "%s/blob", data ? data : "(null)");
            snprintf(shown, sizeof shown, "%s", path);
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
            if (fd < 0) snprintf(shown, sizeof shown, "open %s: %s", path, strerror(errno));
            if (fd >= 0) {
                static char chunk[65536];
                memset(chunk, 'x', sizeof chunk);
                for (int i = 0; i < 32; i++) if (write(fd, chunk, sizeof chunk) != (ssize_t)sizeof chunk) break;
                fsync(fd);
                close(fd);
            }
            api->save_soon(host);
        }
        static void render(void *opaque, tab_view *view) { ((writer *)opaque)->api->text(view, shown); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "writer", .version = "1.0", .title = "Writer",
            .create = create, .start = start, .render = render,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    @Test(arguments: [(UInt64(1) << 20, true), (UInt64(4) << 20, false)])
    func aDataDirectoryOverItsSoftLimitIsSaidOnce(limit: UInt64, said: Bool) throws {
        let outside = try Fixture()
        defer { outside.remove() }
        var settings = IsolatedHost.testSettings
        settings.sandbox = .on
        settings.dataDirectory = ModuleDataDirectory(root: outside.directory + "/data")
        settings.dataDirectorySoftLimit = limit
        let setup = try IsolatedHost(
            modules: [("writer.so", Self.writerSource)], layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "writer"}]}}}"#,
            settings: settings)
        setup.runtime.dataDirectory = settings.dataDirectory
        setup.host.start()
        let texts = setup.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let usage = try #require(ModuleDataDirectory.usage(of: outside.directory + "/data/writer"))
        #expect(usage.bytes >= 2 << 20 && usage.complete, "\(texts)")
        let lines = setup.log.lines.filter { $0.contains("over its soft limit") }
        #expect(lines.count == (said ? 1 : 0), "\(setup.log.lines)")
        if said { #expect(lines.first?.contains("holds 2 MiB, over its soft limit of 1 MiB") == true, "\(lines)") }
    }

    /// Data below the levels the host counts (a module made 70 nested directories and put its file at the
    /// bottom) is not hidden from the limit: a tree the walk cannot finish counts as over it. The control,
    /// the same file 40 levels down under a limit above its size, is counted and says nothing.
    @Test(arguments: [(70, true), (40, false)])
    func dataBelowTheCountedLevelsIsTakenAsOverTheLimit(depth: Int, said: Bool) throws {
        let outside = try Fixture()
        defer { outside.remove() }
        let data = outside.directory + "/data/writer"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try DeepTree.make(under: data, depth: depth) { level, fd in
            if level == depth { try DeepTree.writeFile("hidden", size: 2 << 20, in: fd) }
        }
        var settings = IsolatedHost.testSettings
        settings.sandbox = .on
        settings.dataDirectory = ModuleDataDirectory(root: outside.directory + "/data")
        settings.dataDirectorySoftLimit = 64 << 20
        let setup = try IsolatedHost(
            modules: [("writer.so", Self.writerSource)], layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "writer"}]}}}"#,
            settings: settings)
        setup.runtime.dataDirectory = settings.dataDirectory
        setup.host.start()
        let lines = setup.log.lines.filter { $0.contains("over its soft limit") }
        #expect(lines.count == (said ? 1 : 0), "\(setup.log.lines)")
        if said {
            let line = try #require(lines.first)
            #expect(line.contains("\(data) holds more than the host counts (over 100000 entries, or deeper than 64 levels; "), "\(line)")
            #expect(line.contains(" MiB counted), taken as over its soft limit of 64 MiB (the module still writes;"), "\(line)")
        }
    }
}
