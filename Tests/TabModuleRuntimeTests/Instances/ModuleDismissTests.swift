import TabKit
import TabModuleLoading
import Testing

/// `dismiss` from real `.so` instances (ABI 1.1): it dismisses the modal the calling instance is
/// part of, with every modal above it, and nothing when the instance is not in a modal.
@Suite(.serialized)
final class ModuleDismissTests {
    /// Every instance writes its appearance calls and destruction into one journal (file-scope, so
    /// shared by the image's instances); any instance renders its param, then the journal, and
    /// empties it.
    static let source = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct modal { const tab_host_api *api; tab_host *host; char param[16]; } modal;
        static const char *const phases[] = {"willAppear", "didAppear", "willDisappear", "didDisappear"};
        static char journal[2048];

        static void note(const modal *self, const char *what) {
            size_t used = strlen(journal);
            snprintf(journal + used, sizeof journal - used, "%s%s %s", used > 0 ? ", " : "", self->param, what);
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            modal *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void start(void *opaque, const char *param) {
            modal *self = opaque;
            snprintf(self->param, sizeof self->param, "%s", param != NULL ? param : "-");
        }
        static void appearance(void *opaque, int phase) {
            note(opaque, phase >= 0 && phase < 4 ? phases[phase] : "?");
        }
        static void render(void *opaque, tab_view *view) {
            modal *self = opaque;
            self->api->text(view, self->param);
            self->api->text(view, journal);
            journal[0] = 0;
        }
        static void event(void *opaque, const tab_event *e) {
            modal *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strncmp(e->action, "present:", 8) == 0) self->api->present(self->host, "modal", e->action + 8);
            if (strcmp(e->action, "present-tabs") == 0) self->api->present(self->host, "@tabs", NULL);
            if (strcmp(e->action, "dismiss") == 0) self->api->dismiss(self->host);
        }
        static void destroy(void *opaque) {
            note(opaque, "destroyed");
            free(opaque);
        }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "modal", .title = "Modal",
            .create = create, .start = start, .render = render, .event = event,
            .appearance = appearance, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }

    init() throws {
        setup = try ModuleHostFixture(
            file: "modal.so", source: Self.source,
            layout: """
                {"root": {"stack": {"module": "modal", "param": "A"}},
                 "templates": {"@tabs": {"tabs": [{"name": "t", "module": "modal", "param": "T"}]}}}
                """, modules: ["modal"])
        host.start()
        _ = shown()
    }

    /// What the screen shows: the visible instance's param, then the journal since the last look.
    private func shown() -> (param: String, journal: String) {
        // The module's journal empties when it renders: render now, even if nothing invalidated it.
        host.invalidate()
        let texts = host.screen.content.nodes.compactMap { node -> String? in
            if case .text(let text) = node { text } else { nil }
        }
        return (texts.first ?? "", texts.dropFirst().first ?? "")
    }

    /// The presented controller started with `param`.
    private func modal(_ param: String) throws -> any Controller {
        try #require(host.modals.first { $0.context.param == param })
    }

    private func present(_ param: String) {
        host.visibleController.handle(.action("present:" + param))
    }

    @Test func dismissFromTheLowerOfTwoModalsDismissesBothAndOnlyTheVisibleOneDisappears() throws {
        present("M1")
        present("M2")
        #expect(host.modals.count == 2)
        #expect(shown().param == "M2")
        _ = shown()
        // M1 is covered; a tick (or any call) reaches it while M2 is on screen.
        try modal("M1").handle(.action("dismiss"))
        #expect(host.modals.isEmpty)
        #expect(
            shown()
                == ("A", "M2 willDisappear, A willAppear, M2 didDisappear, A didAppear, M2 destroyed, M1 destroyed"))
    }

    @Test func dismissFromTheTopModalDismissesOnlyIt() throws {
        present("M1")
        present("M2")
        _ = shown()
        host.visibleController.handle(.action("dismiss"))
        #expect(host.modals.count == 1)
        #expect(shown() == ("M1", "M2 willDisappear, M1 willAppear, M2 didDisappear, M1 didAppear, M2 destroyed"))
    }

    @Test func dismissFromInsideAPresentedTabContainerDismissesTheContainer() throws {
        present("M1")
        host.visibleController.handle(.action("present-tabs"))
        #expect(host.modals.count == 2)
        #expect(host.screen.tabBar?.items.map(\.title) == ["Modal"])
        #expect(shown().param == "T")
        host.visibleController.handle(.action("dismiss"))
        #expect(host.modals.count == 1)
        #expect(shown() == ("M1", "T willDisappear, M1 willAppear, T didDisappear, M1 didAppear, T destroyed"))
    }

    @Test func dismissFromAnInstanceOutsideEveryModalChangesNothing() throws {
        present("M1")
        _ = shown()
        let root = try #require((host.root as? NavigationController)?.stack.first)
        root.handle(.action("dismiss"))
        #expect(host.modals.count == 1)
        #expect(shown() == ("M1", ""))
    }
}
