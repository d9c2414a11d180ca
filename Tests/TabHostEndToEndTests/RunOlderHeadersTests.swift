import Foundation
import TabHostTesting
import Testing

/// Modules built from the 1.0, 1.1 and 1.2 headers alone (`Tests/Fixtures/headers/`), as third parties
/// built them, run unchanged by the real 1.3 `tabhost` in a terminal, in process and isolated: drawn,
/// activated, rendered again after every event (1.0 and 1.1's rule; a 1.2 module invalidates), keys as
/// they knew them (Delete as 0x7F before 1.2, TAB_KEY_DELETE from it).
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunOlderHeadersTests {
    /// A content module that shows the events it got; built before 1.2 it never calls `invalidate`.
    static let recorder = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct recorder { const tab_host_api *api; tab_host *host; char events[256]; int renders; } recorder;
        static void *create(const tab_host_api *api, tab_host *host) {
            recorder *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            recorder *self = opaque;
            char line[300];
            self->renders++;
            self->api->row(view, "Tap", NULL, "tap");
            snprintf(line, sizeof line, "minor %d renders %d events %s", TAB_MODULE_ABI_MINOR, self->renders, self->events);
            self->api->text(view, line);
        }
        static void event(void *opaque, const tab_event *e) {
            recorder *self = opaque;
            char item[48];
            if (e->type == TAB_EVENT_ACTION) snprintf(item, sizeof item, "A:%s ", e->action);
            else if (e->type == TAB_EVENT_KEY) snprintf(item, sizeof item, "K:%u ", (unsigned)e->key);
            else snprintf(item, sizeof item, "T%u ", (unsigned)e->type);
            if (strlen(self->events) + strlen(item) < sizeof self->events) strcat(self->events, item);
        #if TAB_MODULE_ABI_MINOR >= 2
            self->api->invalidate(self->host);
        #endif
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "recorder", .title = "Recorder",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    @Test(arguments: ["1.0", "1.1", "1.2"], ["none", "process"])
    func anOlderModuleRunsUnchanged(header: String, isolation: String) throws {
        try RunSupport.withScratch { scratch in
            let include = scratch + "/include"
            let modules = scratch + "/modules"
            for directory in [include, modules] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            let frozen = Products.repositoryRoot + "/Tests/Fixtures/headers/tab_module-\(header).h"
            try FileManager.default.copyItem(atPath: frozen, toPath: include + "/tab_module.h")
            try Fixture.compileModule(
                Self.recorder, to: modules + "/recorder.so", flags: ["-Wall", "-Werror", "-shared", "-fPIC", "-I", include])
            let tmux = try TmuxSession(
                RunSupport.runCommand(["--modules", modules, "--no-watch", "--isolation", isolation], scratch: scratch))
            let minor = Int(header.split(separator: ".").last ?? "") ?? -1
            try tmux.waitFor("minor \(minor) renders 1 events")
            try tmux.send("Enter")  // before 1.2 no invalidate: rendered after the event all the same
            try tmux.waitFor("minor \(minor) renders 2 events A:tap")
            try tmux.send("DC")  // Delete: 0x7F before 1.2, TAB_KEY_DELETE (0x110006) from it
            try tmux.waitFor("events A:tap K:\(minor < 2 ? 127 : 0x110006)")
        }
    }
}
