import Foundation
import TabHostTesting
import Testing

/// `tabhost run` while a module opens screens in a loop (issue 36: 200 `push` calls every 50 ms made
/// `q` take 6 s after 10 s and 18 s after 30 s, the host keeping and then tearing down every screen):
/// past `ContainerHost.maximumStackScreens` the pushes are refused with a log line, the other tab
/// still answers, and `q` quits. How fast is `Scripts/bench`'s to measure, not asserted here.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunScreenStormTests {
    /// A module whose `start` (for the stack's root, with no param) sets a timer that pushes itself
    /// 200 times every 50 ms; the screens it pushes show "Pushed".
    static let storm = """
        #include "tab_module.h"
        #include <stdlib.h>
        typedef struct storm { const tab_host_api *api; tab_host *host; int pushed; } storm;
        static void *create(const tab_host_api *api, tab_host *host) {
            storm *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            storm *self = opaque;
            if (param != NULL) { self->pushed = 1; return; }
            self->api->set_timer(self->host, "storm", 50, 50);
        }
        static void render(void *opaque, tab_view *view) {
            storm *self = opaque;
            self->api->text(view, self->pushed ? "Pushed" : "Storming");
        }
        static void event(void *opaque, const tab_event *e) {
            storm *self = opaque;
            if (e->type != TAB_EVENT_TIMER) return;
            for (int i = 0; i < 200; i++) self->api->push(self->host, "storm", "again", 0);
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "storm", .version = "1.0", .title = "Storm",
            .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    @Test(arguments: ["none", "process"])
    func pushesPastTheLimitAreRefusedAndQQuits(isolation: String) throws {
        try RunSupport.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try RunSupport.compile(Self.storm, to: modules + "/storm.so")
            let layout = try RunSupport.writeStackLayout(module: "storm", to: scratch + "/layout.json")
            let log = scratch + "/tabhost.log"
            let tmux = try TmuxSession(
                RunSupport.runCommand(
                    ["--modules", modules, "--layout", layout, "--no-watch", "--isolation", isolation], scratch: scratch))
            try tmux.waitFor("Pushed")
            let refusal = "[storm] warning: push storm: cannot push \"storm\": its stack holds 64 screens already (pop some first)"
            var refused = false
            for _ in 0..<400 where !refused {
                refused = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(refusal)
                if !refused { usleep(50_000) }
            }
            #expect(refused, "the log never said that a push was refused")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(RunSupport.line(containing: "STATUS:", in: done) == "STATUS:0")
        }
    }
}
