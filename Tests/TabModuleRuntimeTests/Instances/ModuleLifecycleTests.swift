import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The exact order of `start` and appearance calls real `.so` instances receive across the
/// tree: tab switches, pushes, pops and modals (docs/container-rules.md, rules 6–9, 12, 33, 35).
@Suite(.serialized, .blocking)
final class ModuleLifecycleTests {
    static let source = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct life { const tab_host_api *api; tab_host *host; char param[32]; } life;
        static const char *const phases[] = {"willAppear", "didAppear", "willDisappear", "didDisappear"};

        static void *create(const tab_host_api *api, tab_host *host) {
            life *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            life *self = opaque;
            snprintf(self->param, sizeof self->param, "%s", param != NULL ? param : "-");
            char line[64];
            snprintf(line, sizeof line, "start %s", self->param);
            self->api->log(self->host, TAB_LOG_INFO, line);
        }
        static void appearance(void *opaque, int phase) {
            life *self = opaque;
            char line[64];
            snprintf(line, sizeof line, "%s %s", self->param, phase >= 0 && phase < 4 ? phases[phase] : "?");
            self->api->log(self->host, TAB_LOG_INFO, line);
        }
        static void render(void *opaque, tab_view *view) {
            life *self = opaque;
            self->api->text(view, self->param);
        }
        static void event(void *opaque, const tab_event *e) {
            life *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strcmp(e->action, "push") == 0) self->api->push(self->host, "life", "C", TAB_PUSH_OWN_STACK);
            if (strcmp(e->action, "pop") == 0) self->api->pop(self->host);
            if (strcmp(e->action, "present") == 0) self->api->present(self->host, "life", "M");
            if (strcmp(e->action, "dismiss") == 0) self->api->dismiss(self->host);
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "life", .title = "Life",
            .create = create, .start = start, .render = render, .event = event,
            .appearance = appearance, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }
    var runtime: ModuleRuntime { setup.runtime }

    init() throws {
        setup = try ModuleHostFixture(
            file: "life.so", source: Self.source,
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "a", "module": "life", "param": "A"},
                    {"name": "b", "module": "life", "param": "B"}
                ]}}}
                """, modules: ["life"])
    }

    private func take() -> [String] {
        defer { setup.log.clear() }
        return setup.log.entries.map { "\($0.message)" }
    }

    private func send(_ action: String) {
        host.visibleController.handle(.action(action))
    }

    /// Rule 33.
    @Test func onlyTheSelectedTabIsCreatedAndAppearsAtStart() {
        host.start()
        #expect(take() == ["start A", "A willAppear", "A didAppear"])
        #expect(runtime.controllers.count == 1)
    }

    /// Rules 7 and 33.
    @Test func tabSwitchLoadsTheNewTabOnceThenFollowsUIKitsOrder() {
        host.start()
        _ = take()
        #expect(host.apply(.selectTab(1)))
        #expect(take() == ["start B", "B willAppear", "A willDisappear", "A didDisappear", "B didAppear"])
        #expect(host.apply(.selectTab(0)))
        #expect(take() == ["A willAppear", "B willDisappear", "B didDisappear", "A didAppear"])
    }

    /// Rules 8 and 9.
    @Test func pushAndPopOnATabsOwnStack() {
        host.start()
        _ = take()
        send("push")
        #expect(take() == ["start C", "A willDisappear", "C willAppear", "A didDisappear", "C didAppear"])
        send("pop")
        #expect(take() == ["C willDisappear", "A willAppear", "C didDisappear", "A didAppear"])
    }

    /// Rules 6 and 35.
    @Test func switchingTabsKeepsEachStackAndReachesOnlyTheVisibleTop() {
        host.start()
        send("push")
        _ = take()
        #expect(host.apply(.selectTab(1)))
        #expect(take() == ["start B", "B willAppear", "C willDisappear", "C didDisappear", "B didAppear"])
        #expect(host.apply(.selectTab(0)))
        #expect(take() == ["C willAppear", "B willDisappear", "B didDisappear", "C didAppear"])
        #expect(host.screen.content.nodes == [.text("C")])
    }

    /// Rule 12.
    @Test func aModalCoversTheVisibleChainAndDismissReversesIt() {
        host.start()
        _ = take()
        send("present")
        #expect(take() == ["start M", "A willDisappear", "M willAppear", "A didDisappear", "M didAppear"])
        #expect(host.screen.tabBar == nil)
        send("dismiss")
        #expect(take() == ["M willDisappear", "A willAppear", "M didDisappear", "A didAppear"])
        #expect(host.screen.tabBar?.items.count == 2)
    }
}
