import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// A tab's `start` is posted when nothing nests it: the host comes back at once, the tab shows its
/// title line, then the busy mark and the not-responding line naming `start`, while the other tabs
/// stay usable.
@Suite(.serialized)
final class IsolationPostedStartTests {
    @Test func aTabWhoseStartSpinsShowsItsTitleThenTheMarkAndTheLineWhileOthersAnswer() throws {
        var settings = IsolatedHost.testSettings
        settings.killTimeout = .seconds(10)
        let setup = try IsolatedHost(
            modules: [("tally.so", IsolationHangTests.tally), ("crashy.so", IsolationModules.crashy)],
            layout: #"{"root": {"stack": {"tabs": ["# + #"{"name": "a", "module": "tally"}, "#
                + #"{"name": "b", "module": "crashy", "param": "spin"}]}}}"#,
            settings: settings)
        let host = setup.host
        host.start()
        // Not `settled`: the spinning start never settles.
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 0" }))
        #expect(host.apply(.selectTab(1)))
        let crashy = try #require((host.visibleController as? ModuleController)?.instance as? OutOfProcessModuleInstance)
        // Posted: nothing gave up on the start yet (a start waited for would have, at the hang timeout).
        #expect(!crashy.isNotResponding)
        #expect(setup.textsNow == ["Crashy"])
        // The title line stands in for a view on its way: a terminal holds the keys typed for it.
        #expect(host.screen.content.awaitsModule)
        #expect(setup.runLoop(until: { setup.badgesNow == [nil, ModuleController.busyMark] }))
        #expect(
            setup.runLoop(until: { setup.firstRowNow?.hasPrefix("Crashy is not responding (start, ") == true }),
            "\(setup.firstRowNow ?? "none")")
        #expect(setup.textsNow == ["Crashy"])
        // The line is something to act on: keys go to it now.
        #expect(!host.screen.content.awaitsModule)
        // The other tab answers meanwhile, and is never marked.
        #expect(host.apply(.selectTab(0)))
        setup.activate("press", settle: false)
        #expect(setup.runLoop(until: { setup.textsNow.first == "presses 1" }))
        #expect(setup.badgesNow == [nil, ModuleController.busyMark])
    }

    /// "barred" (ABI 1.3): a text, a title-bar button and a shortcut; its action "spin" never returns.
    static let barred = #"""
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        static volatile unsigned long spins;
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
        static void render(void *opaque, tab_view *view) {
            const tab_host_api *api = opaque;
            api->text(view, "Barred view");
            api->bar_button(view, "Spin", "spin", TAB_BAR_TRAILING);
            api->shortcut(view, 's', "Spin", "spin");
        }
        static void event(void *opaque, const tab_event *e) {
            (void)opaque;
            if (e->type == TAB_EVENT_ACTION && e->action != NULL && strcmp(e->action, "spin") == 0) for (;;) spins++;
        }
        static void destroy(void *opaque) { (void)opaque; }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "barred", .title = "Barred",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    /// The not-responding line goes on top of the kept view, which keeps its title-bar buttons and
    /// shortcuts.
    @Test func theNotRespondingLineKeepsTheKeptViewsBarButtonsAndShortcuts() throws {
        var settings = IsolatedHost.testSettings
        settings.killTimeout = .seconds(10)
        let setup = try IsolatedHost(
            modules: [("barred.so", Self.barred)], layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "barred"}]}}}"#,
            settings: settings)
        let host = setup.host
        host.start()
        #expect(setup.runLoop(until: { setup.textsNow == ["Barred view"] }))
        #expect(host.screen.content.barButtons.map(\.label) == ["Spin"] && host.screen.content.shortcuts.count == 1)
        setup.activate("spin", settle: false)
        #expect(
            setup.runLoop(until: { setup.firstRowNow?.hasPrefix("Barred is not responding (event, ") == true }),
            "\(setup.firstRowNow ?? "none")")
        #expect(setup.textsNow == ["Barred view"])
        #expect(host.screen.content.barButtons.map(\.label) == ["Spin"] && host.screen.content.shortcuts.count == 1)
    }
}
