import Foundation
import TabHostTesting
import Testing

/// `tabhost test` drives ABI 1.3's calls: `expect clipboard` and `expect toast`, a copy from a timer
/// refused (not a user's event), and `now_ms` reading the script's test clock.
@Suite(.hangGuard, .blocking)
struct TestCommandABI13Tests {
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct { const tab_host_api *api; tab_host *host; unsigned long long shown; } ticker;

        static void *create(const tab_host_api *api, tab_host *host) {
            ticker *t = calloc(1, sizeof *t);
            if (t) { t->api = api; t->host = host; }
            return t;
        }
        static void render(void *self, tab_view *view) {
            ticker *t = self;
            char line[64];
            snprintf(line, sizeof line, "t=%llu", t->shown);
            t->api->text(view, line);
            t->api->button(view, "Copy", "copy");
            t->api->button(view, "Later", "later");
            t->api->button(view, "Now", "now");
        }
        static void event(void *self, const tab_event *e) {
            ticker *t = self;
            if (e->type == TAB_EVENT_TIMER) t->api->copy_text(t->host, "late");
            if (e->type != TAB_EVENT_ACTION) return;
            if (strcmp(e->action, "copy") == 0) {
                t->api->copy_text(t->host, "hello");
                t->api->toast(t->host, "Posted", TAB_STYLE_SUCCESS);
            } else if (strcmp(e->action, "later") == 0) {
                t->api->set_timer(t->host, "c", 100, 0);
            } else if (strcmp(e->action, "now") == 0) {
                t->shown = (unsigned long long)t->api->now_ms(t->host);
            }
            t->api->invalidate(t->host);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "ticker", .version = "1.0", .title = "Ticker",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    static let script = """
        click "Copy"
        expect clipboard "hello"
        expect toast "Posted"
        click "Later"
        wait 200ms
        expect clipboard "hello"
        expect log "copy_text ignored"
        click "Now"
        expect "t=200"

        """

    @Test func clipboardToastAndTheTestClock() throws {
        try ListInspectSupport.withDirectory { scratch in
            let project = try TabTestProject(
                in: scratch + "/ticker",
                scripts: ["abi13.tabtest": Self.script, "wrong.tabtest": "click \"Copy\"\nexpect toast \"Saved\"\n"],
                source: Self.source)
            let run = try project.test()
            #expect(run.status == 1, "\(run)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == ["1..2", "ok 1 - tests/abi13.tabtest"], "\(run)")
            #expect(lines.contains("# line 2: expect toast \"Saved\": expected the toast \"Saved\"; the last was \"Posted\""), "\(run)")
        }
    }
}
