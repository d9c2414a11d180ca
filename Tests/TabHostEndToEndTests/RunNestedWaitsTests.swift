import Foundation
import TabHostTesting
import Testing

/// A module's `push` from inside a waited call makes the host wait for the new screen's `create` and
/// `start`, whose own pushes nest more waits: each bounded by the hang timeout, a chain of sixteen, each
/// just under it, froze every tab for sixteen seconds. The waits nested in a request now end by their
/// timeout counted from the outermost wait's start: a chain of ten pushes whose `create`s take 300 ms
/// each is cut (a screen deep in it is not waited for, and says so), where the control, the same chain
/// with instant `create`s, opens all ten.
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunNestedWaitsTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// A module whose `create` sleeps `sleepMilliseconds` and whose `start` logs its level (its param)
    /// and pushes itself one level deeper, to level 10.
    static func nest(sleepMilliseconds: Int) -> String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <time.h>
        typedef struct nest { const tab_host_api *api; tab_host *host; } nest;
        static void *create(const tab_host_api *api, tab_host *host) {
            struct timespec pause = {0, \(sleepMilliseconds) * 1000000L};
            nanosleep(&pause, NULL);
            nest *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            nest *self = opaque;
            int level = param != NULL ? atoi(param) : 1;
            char line[32], next[16];
            snprintf(line, sizeof line, "level %d", level);
            self->api->log(self->host, TAB_LOG_INFO, line);
            snprintf(next, sizeof next, "%d", level + 1);
            if (level < 10) self->api->push(self->host, "nest", next, TAB_PUSH_OWN_STACK);
        }
        static void render(void *opaque, tab_view *view) { ((nest *)opaque)->api->text(view, "Nested"); }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "nest", .version = "1.0", .title = "Nest",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    @Test(arguments: [300, 0])
    func aChainOfNestedWaitsIsCutAtOneTimeout(sleepMilliseconds: Int) throws {
        let log = try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(Self.nest(sleepMilliseconds: sleepMilliseconds), to: modules + "/nest.so")
            let layout = try R.writeStackLayout(module: "nest", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch))
            try tmux.waitFor("Nested")
            // Every level that will start has started once the deepest is waited for or cut.
            sleep(4)
            try tmux.send("q")
            _ = try tmux.waitFor("STATUS:")
            return try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
        }
        let levels = (1...10).filter { log.contains("[nest] info: level \($0)\n") }
        if sleepMilliseconds == 0 {
            #expect(levels == Array(1...10), "the control: every level opens\n\(log)")
        } else {
            #expect(levels.count < 10 && levels.count >= 2, "\(levels)\n\(log)")
            #expect(log.contains("not responding: no answer to"), "\(log)")
        }
    }
}
