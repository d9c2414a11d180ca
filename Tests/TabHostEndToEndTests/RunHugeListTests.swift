import Foundation
import TabHostTesting
import Testing

/// A module's `size_t` counts and rows reach the host cut to the most a lazy list may have
/// (`ViewList.maximumCount`), in a real terminal, in process and isolated, from a module built from the
/// header alone: a list of `SIZE_MAX` rows is drawn and scrolled to its last row, `scroll_to` row
/// `SIZE_MAX` is one log line, and the other tab and `q` work as before. Either call used to end the
/// whole host with an overflow trap (a sum of the list's lines, the window around the row).
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunHugeListTests {
    static let huge = """
        #include "tab_module.h"
        #include <stdint.h>
        #include <stdio.h>
        static const tab_host_api *api;
        static tab_host *host;
        static void *create(const tab_host_api *a, tab_host *h) { static int state; api = a; host = h; return &state; }
        static void render(void *self, tab_view *view) {
            (void)self;
            api->shortcut(view, 'f', "Far", "far");
            api->list(view, "rows", SIZE_MAX);
        }
        static void list_row(void *self, const char *id, size_t index, tab_view *view) {
            char title[40], action[40];
            (void)self;
            (void)id;
            snprintf(title, sizeof title, "Row %zu", index);
            snprintf(action, sizeof action, "open %zu", index);
            api->row(view, title, NULL, action);
        }
        static void event(void *self, const tab_event *e) {
            (void)self;
            if (e->type == TAB_EVENT_ACTION && e->action[0] == 'f') api->scroll_to(host, "rows", SIZE_MAX);
        }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "huge", .title = "Huge", .create = create, .render = render,
            .event = event, .list_row = list_row,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    static let calm = """
        #include "tab_module.h"
        static const tab_host_api *api;
        static void *create(const tab_host_api *a, tab_host *h) { static int state; (void)h; api = a; return &state; }
        static void render(void *self, tab_view *view) { (void)self; api->text(view, "calm and well"); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "calm", .title = "Calm", .create = create, .render = render,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    @Test(arguments: ["none", "process"])
    func aListOfSizeMaxRowsAndItsLastRow(isolation: String) throws {
        try RunSupport.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try RunSupport.compile(Self.huge, to: modules + "/huge.so")
            try RunSupport.compile(Self.calm, to: modules + "/calm.so")
            let tmux = try TmuxSession(
                RunSupport.runCommand(["--modules", modules, "--no-watch", "--isolation", isolation], scratch: scratch))
            try tmux.waitFor("Calm")
            try tmux.send("2")
            try tmux.waitFor("Row 0")
            // scroll_to row SIZE_MAX: past every row a list may have, ignored with one line.
            try tmux.send("f")
            // End: the last row of the list, cut to the most a list may have.
            try tmux.send("End")
            try tmux.waitFor("Row \(Int32.max - 1)")
            try tmux.send("1")
            try tmux.waitFor("calm and well")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            #expect(log.contains("[huge] warning: list rows: a count past \(Int32.max) rows (the most a list may have) is cut to it"))
            #expect(log.contains("[huge] warning: scroll_to rows ignored: its row is past the \(Int32.max) rows a list may have"))
        }
    }
}
