import Foundation
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// A tab's `create` is posted when nothing nests it and no reload waits for it: the host comes back
/// at once, the tab shows its title line, then the busy mark and the not-responding line naming
/// `create`; a refused `create` shows on its tab and a reload replaces it; a state restored at once
/// reaches the module after its `create` and `start`, as they were asked.
@Suite(.serialized, .blocking)
final class IsolationPostedCreateTests {
    /// "NAME" (title "Late"): its `create` begins with `create` (C: spin, or return NULL); `start`
    /// shows "started", `restore_state` shows the bytes it is given; the action "segv" crashes it.
    static func keeper(_ name: String = "late", create: String = "") -> String {
        #"""
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        typedef struct keeper { const tab_host_api *api; char value[64]; } keeper;
        static volatile unsigned long spins;
        static void *create(const tab_host_api *api, tab_host *host) {
            (void)host;
            \#(create)
            keeper *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; strcpy(self->value, "created"); }
            return self;
        }
        static void start(void *opaque, const char *param) { keeper *self = opaque; (void)param; strcpy(self->value, "started"); }
        static void render(void *opaque, tab_view *view) { keeper *self = opaque; self->api->text(view, self->value); }
        static size_t save_state(void *opaque, void *buf, size_t cap) {
            keeper *self = opaque;
            size_t len = strlen(self->value);
            if (cap >= len) memcpy(buf, self->value, len);
            return len;
        }
        static int restore_state(void *opaque, const void *data, size_t len) {
            keeper *self = opaque;
            if (len >= sizeof self->value) return 0;
            memcpy(self->value, data, len);
            self->value[len] = 0;
            return 1;
        }
        static void event(void *opaque, const tab_event *e) {
            (void)opaque;
            if (e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, "segv") == 0) {
                volatile int *nowhere = NULL;
                *nowhere = 1;
            }
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\#(name)", .title = "Late",
            .create = create, .start = start, .render = render, .event = event, .save_state = save_state,
            .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#
    }

    static let layout = #"{"root": {"stack": {"tabs": [{"name": "a", "module": "tally"}, {"name": "b", "module": "late"}]}}}"#

    @Test func aTabWhoseCreateSpinsShowsItsTitleThenTheMarkAndTheLineWhileOthersAnswer() throws {
        var settings = IsolatedHost.testSettings
        settings.killTimeout = .seconds(10)
        let setup = try IsolatedHost(
            modules: [
                ("tally.so", IsolationHangTests.tally),
                ("late.so", Self.keeper(create: "for (;;) spins++;")),
            ],
            layout: Self.layout, settings: settings)
        let host = setup.host
        host.start()
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 0" }))
        // The tab's controller is made now: its create is on its way, not waited for.
        #expect(host.apply(.selectTab(1)))
        #expect(setup.textsNow == ["Late"])
        #expect(host.screen.content.awaitsModule)
        #expect(setup.runLoop(until: { setup.badgesNow == [nil, ModuleController.busyMark] }))
        #expect(
            setup.runLoop(until: { setup.firstRowNow?.hasPrefix("Late is not responding (create, ") == true }),
            "\(setup.firstRowNow ?? "none")")
        // The other tab answers meanwhile, and is never marked.
        #expect(host.apply(.selectTab(0)))
        setup.activate("press", settle: false)
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 1" }))
        #expect(setup.badgesNow == [nil, ModuleController.busyMark])
    }

    @Test func aRefusedCreateShowsOnItsTabAndAReloadReplacesIt() throws {
        let setup = try IsolatedHost(
            modules: [
                ("tally.so", IsolationHangTests.tally),
                ("late.so", Self.keeper(create: "if (api != NULL) return NULL;")),
            ],
            layout: Self.layout)
        let reloader = HotReloader(runtime: setup.runtime, host: setup.host)
        setup.host.start()
        #expect(setup.host.apply(.selectTab(1)))
        let refusal = "module late: create() returned NULL; check the module's log output and its create function"
        #expect(setup.texts == [refusal])
        #expect(setup.log.entries.contains { $0.message.description == "not started: \(refusal)" })
        #expect(setup.visibleInstance?.isStopped == true)

        _ = try setup.fixture.compile("late.so", source: Self.keeper())
        let reports = reloader.apply(.changed(setup.fixture.path("late.so")))
        #expect(reports.map(\.message) == ["reloaded late"])
        #expect(setup.texts == ["started"])
    }

    /// As at launch: made, started and given its saved state at once. The state reaches the module after
    /// its create and start, so start does not write over it.
    @Test func aStateRestoredAtOnceReachesTheModuleAfterItsCreateAndStart() throws {
        let setup = try IsolatedHost(
            modules: [("tally.so", IsolationHangTests.tally), ("late.so", Self.keeper())],
            layout: Self.layout)
        setup.host.start()
        let controller = try #require(try setup.runtime.make(module: "late", param: nil) as? ModuleController)
        controller.start(param: nil)
        #expect(controller.restoreState(Array("restored".utf8)))
        setup.factory.settle()
        #expect(setup.factory.settled { controller.render().nodes } == [.text("restored")])
    }

    /// Restart's `create` is posted too: the stopped tab shows the not-responding line while the new
    /// child's `create` spins; one that refuses leaves the stopped screen, with Restart.
    @Test(arguments: [false, true])
    func aRestartsCreateIsPosted(refuses: Bool) throws {
        let flag = try Fixture()
        defer { flag.remove() }
        let path = flag.path("again")
        let setup = try IsolatedHost(
            modules: [
                ("tally.so", IsolationHangTests.tally),
                ("late.so", Self.keeper(create: "if (access(\"\(path)\", F_OK) == 0) \(refuses ? "return NULL;" : "for (;;) spins++;")")),
            ],
            layout: Self.layout)
        setup.host.start()
        #expect(setup.host.apply(.selectTab(1)))
        #expect(setup.texts == ["started"])
        setup.activate("segv")
        let stopped = try #require(setup.texts.first)
        #expect(stopped.hasPrefix("Late stopped: SIGSEGV"), "\(stopped)")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        setup.activate(OutOfProcessModuleInstance.restartAction, settle: false)
        if refuses {
            #expect(setup.texts.first == stopped)
            #expect(setup.screen.content.nodes.contains(.button(label: "Restart", action: OutOfProcessModuleInstance.restartAction)))
            let refusal = "module late: create() returned NULL; check the module's log output and its create function"
            #expect(setup.log.entries.contains { $0.message.description == "restart failed: \(refusal)" })
        } else {
            #expect(
                setup.runLoop(until: { setup.firstRowNow?.hasPrefix("Late is not responding (create, ") == true }),
                "\(setup.firstRowNow ?? "none")")
        }
    }
}
