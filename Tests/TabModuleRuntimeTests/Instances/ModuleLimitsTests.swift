import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The limits on what a module hands the host (docs/user/limits.md), each at the limit and one past it,
/// with a real module (in process, or in its child with TABHOST_TEST_ISOLATION=process).
@Suite(.serialized, .blocking)
final class ModuleLimitsTests {
    /// `start(param)` reads "ROWS TEXT STATE": how many rows it renders, the bytes of its one text,
    /// the bytes its state takes. Actions "title N" and "badge N" set a title or badge of N bytes.
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct big { const tab_host_api *api; tab_host *host; long rows, text, state; } big;
        static void *create(const tab_host_api *api, tab_host *host) {
            big *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            big *self = opaque;
            if (param != NULL) sscanf(param, "%ld %ld %ld", &self->rows, &self->text, &self->state);
        }
        static char *run_of(long n) {
            char *s = malloc((size_t)n + 1);
            if (s == NULL) abort();
            memset(s, 'x', (size_t)n);
            s[n] = '\\0';
            return s;
        }
        static void render(void *opaque, tab_view *view) {
            big *self = opaque;
            for (long i = 0; i < self->rows; i++) self->api->row(view, "row", NULL, NULL);
            if (self->text > 0) {
                char *s = run_of(self->text);
                self->api->text(view, s);
                free(s);
            }
        }
        static void event(void *opaque, const tab_event *e) {
            big *self = opaque;
            long n = 0;
            if (e->action == NULL) return;
            if (sscanf(e->action, "title %ld", &n) == 1) { char *s = run_of(n); self->api->set_title(self->host, s); free(s); }
            if (sscanf(e->action, "badge %ld", &n) == 1) { char *s = run_of(n); self->api->set_badge(self->host, s); free(s); }
        }
        static size_t save_state(void *opaque, void *buffer, size_t capacity) {
            big *self = opaque;
            if (buffer != NULL && capacity >= (size_t)self->state) memset(buffer, 7, (size_t)self->state);
            return (size_t)self->state;
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "big", .title = "Big", .create = create, .start = start,
            .render = render, .event = event, .save_state = save_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    /// A host whose one tab runs `big` started with `param`.
    private func host(_ param: String) throws -> ModuleHostFixture {
        let setup = try ModuleHostFixture(
            file: "big.so", source: Self.source,
            layout: #"{"root": {"tabs": [{"name": "a", "module": "big", "param": "\#(param)"}]}}"#, modules: ["big"])
        setup.host.start()
        return setup
    }

    private static let overflowLine =
        "(the module's view has more than \(ModuleLimits.maximumViewNodes) rows; the rest is not shown)"

    @Test func aViewOfTheMaximumRowsIsShownWholeAndOneMoreEndsInOneLine() throws {
        let limit = ModuleLimits.maximumViewNodes
        let atLimit = try host("\(limit) 0 0")
        #expect(atLimit.host.screen.content.nodes.count == limit)
        #expect(atLimit.host.screen.content.nodes.last == .row(ViewRow(title: "row")))
        let past = try host("\(limit + 1) 0 0")
        #expect(past.host.screen.content.nodes.count == limit + 1)
        #expect(past.host.screen.content.nodes.last == .text(Self.overflowLine))
        let far = try host("\(limit * 3) 0 0")
        #expect(far.host.screen.content.nodes.count == limit + 1)
    }

    @Test func aTextOfTheMaximumBytesIsShownWholeAndALongerOneIsCut() throws {
        let limit = ModuleLimits.maximumViewStringBytes
        #expect(try host("0 \(limit) 0").host.screen.content.nodes == [.text(String(repeating: "x", count: limit))])
        let cut = try host("0 \(limit + 1) 0").host.screen.content.nodes
        #expect(cut == [.text(String(repeating: "x", count: limit - 3) + "…")])
    }

    @Test(arguments: [("title", ModuleLimits.maximumTitleBytes), ("badge", ModuleLimits.maximumBadgeBytes)])
    func titlesAndBadgesAreKeptToTheLimitAndCutPastItWithALogLine(call: String, limit: Int) throws {
        let setup = try host("0 0 0")
        func shown() -> String? {
            call == "title" ? setup.host.screen.title : setup.host.screen.tabBar?.items.first?.badge
        }
        setup.host.visibleController.handle(.action("\(call) \(limit)"))
        #expect(shown() == String(repeating: "x", count: limit))
        #expect(setup.log.lines.isEmpty)
        setup.host.visibleController.handle(.action("\(call) \(limit + 1)"))
        #expect(shown() == String(repeating: "x", count: limit - 3) + "…")
        #expect(
            setup.log.lines == [
                "big warning: set_\(call) of \(limit + 1) bytes cut to the limit of \(limit) bytes; pass a shorter text"
            ])
    }

    /// `save_state` returning SIZE_MAX (a module's bug) made the host allocate a buffer of it.
    @Test func aStateOfSizeMaxIsRefusedWithALogLineNotAnAllocation() throws {
        let setup = try host("0 0 -1")
        #expect(setup.host.visibleController.saveState() == nil)
        #expect(
            setup.log.lines == [
                "big warning: save_state asked for \(UInt.max) bytes, more than the limit of \(ModuleLimits.maximumStateBytes); "
                    + "the state is not saved (keep it smaller)"
            ])
    }

    @Test func aStateOfTheMaximumSizeIsSavedAndALargerOneIsRefusedWithALogLine() throws {
        let limit = ModuleLimits.maximumStateBytes
        let atLimit = try host("0 0 \(limit)")
        #expect(atLimit.host.visibleController.saveState()?.count == limit)
        let past = try host("0 0 \(limit + 1)")
        #expect(past.host.visibleController.saveState() == nil)
        #expect(
            past.log.lines == [
                "big warning: save_state asked for \(limit + 1) bytes, more than the limit of \(limit); "
                    + "the state is not saved (keep it smaller)"
            ])
    }
}
