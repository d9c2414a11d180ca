import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// What `push`, `present` and `add_tab` name is kept by the host (in a stack, a tab, the state file):
/// six `add_tab`s of an 8 MiB name and param grew the host by 300 MB and the state file to 151 MB. A
/// param past `TAB_MAX_FIELD_BYTES` and a tab name past `TAB_MAX_ID_BYTES` are refused with one line;
/// at the limit they are taken.
@Suite(.blocking)
struct ScreenCallSizeTests {
    /// The user's click "push N", "tab N" or "tabname N" makes the call with N bytes where it says.
    static let source = #"""
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        typedef struct { const tab_host_api *api; tab_host *host; } sizer;
        static void *create(const tab_host_api *api, tab_host *host) {
            sizer *s = calloc(1, sizeof *s);
            s->api = api;
            s->host = host;
            return s;
        }
        static void render(void *self, tab_view *view) { sizer *s = self; s->api->text(view, "sizer"); }
        static void event(void *self, const tab_event *e) {
            sizer *s = self;
            if (e->type != TAB_EVENT_ACTION) return;
            const char *space = strchr(e->action, ' ');
            if (space == NULL) return;
            size_t n = strtoul(space + 1, NULL, 10);
            char *text = malloc(n + 1);
            memset(text, 'x', n);
            text[n] = 0;
            if (!strncmp(e->action, "push ", 5)) s->api->push(s->host, "sizer", text, TAB_PUSH_OWN_STACK);
            else if (!strncmp(e->action, "tab ", 4)) s->api->add_tab(s->host, "big", "sizer", NULL, text);
            else if (!strncmp(e->action, "tabname ", 8)) s->api->add_tab(s->host, text, "sizer", NULL, NULL);
            free(text);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "sizer", .title = "Sizer", .create = create, .render = render,
            .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """#

    private func host() throws -> ModuleHostFixture {
        let setup = try ModuleHostFixture(
            file: "sizer.so", source: Self.source, layout: #"{"root": {"tabs": [{"name": "a", "module": "sizer"}]}}"#,
            modules: ["sizer"], factory: { _ in InProcessModuleInstanceFactory() })
        setup.host.start()
        return setup
    }

    @Test(arguments: [
        ("push", ModuleLimits.maximumFieldBytes, "a param of"),
        ("tab", ModuleLimits.maximumFieldBytes, "a param of"),
        ("tabname", ModuleLimits.maximumIDBytes, "a tab name of"),
    ])
    func aNameOrParamPastItsLimitIsRefusedAndOneAtItIsTaken(call: String, limit: Int, what: String) throws {
        let setup = try host()
        let tabs = try #require(setup.host.root as? TabContainer)
        let refusals = { setup.log.lines.filter { $0.contains("refused: \(what)") } }
        setup.host.visibleController.handle(.action("\(call) \(limit + 1)"))
        #expect(refusals().count == 1, "\(setup.log.lines)")
        #expect(refusals().first?.contains("\(what) \(limit + 1) bytes is longer than the limit of \(limit) bytes") == true)
        #expect(tabs.tabs.count == 1)
        #expect(tabs.selectedTab?.stack?.stack.count == 1)
        setup.host.visibleController.handle(.action("\(call) \(limit)"))
        #expect(refusals().count == 1)
        #expect(tabs.tabs.count + (tabs.selectedTab?.stack?.stack.count ?? 0) == 3, "one tab or one screen more")
    }
}
