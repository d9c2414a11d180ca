import Foundation
import TabHostTesting
import Testing

/// Counted from outside, through the real binary in a real terminal: a module built from the public
/// header alone shows how many times the host rendered it.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct RunRenderCountTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        static int renders, taps;
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
        static void render(void *self, tab_view *view) {
            const tab_host_api *api = self;
            char line[64];
            renders += 1;
            snprintf(line, sizeof line, "renders=%d taps=%d", renders, taps);
            api->text(view, line);
            api->row(view, "Tap me", NULL, "tap");
            api->row(view, "Second row", NULL, "second");
        }
        static tab_host *the_host;
        static void *create_keeping(const tab_host_api *api, tab_host *host) { the_host = host; return create(api, host); }
        static void event(void *self, const tab_event *e) {
            const tab_host_api *api = self;
            if (e->type == TAB_EVENT_ACTION && strcmp(e->action, "tap") == 0) { taps += 1; api->invalidate(the_host); }
        }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "counted", .title = "Counted",
            .create = create_keeping, .render = render, .event = event,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    @Test func oneEnterOnARowWhoseEventInvalidatesOnceRendersOnceAndFocusMovesRenderNothing() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(Self.source, to: modules + "/counted.so")
            let layout = try R.writeStackLayout(module: "counted", to: scratch + "/layout.json")
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch))
            try tmux.waitFor("renders=1 taps=0")
            try tmux.send("Enter")  // the focus starts on "Tap me"
            try tmux.waitFor("renders=2 taps=1")
            try tmux.send("Down")
            try tmux.send("Up")
            try tmux.send("Down")
            try tmux.send("Enter")  // "second": handled without invalidate, so not rendered (a 1.2 module)
            try tmux.send("Up")
            try tmux.send("Enter")
            let screen = try tmux.waitFor("taps=2")
            // One render per activation that invalidates, none for "second" or the four focus moves.
            #expect(screen.contains("renders=3 taps=2"), "\(screen)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
