import Foundation
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// A module in a background tab cannot take the screen: from a timer it presented a full-screen modal
/// over the tab the user was on (under that tab's title: a password prompt), raised alert after alert,
/// showed toasts there, and with `add_tab` restarted another module's tab with a param of its choosing
/// and took the selection every 20 ms. Each try runs twice: from the background (refused, one log line)
/// and, as its control, by the same module while it is shown (or, for add_tab of an existing tab, while
/// it handles the user's click), where it works.
@Suite(.blocking)
struct BackgroundScreenTests {
    /// Tab "victim" counts its starts; tab "bg" sets a timer when clicked ("arm"), and its timer (or, for
    /// "now", the click itself) makes the call its param names.
    static let source = #"""
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct { const tab_host_api *api; tab_host *host; char call[32]; int starts; } hostile;
        static void *create(const tab_host_api *api, tab_host *host) {
            hostile *h = calloc(1, sizeof *h);
            h->api = api;
            h->host = host;
            return h;
        }
        static void start(void *self, const char *param) {
            hostile *h = self;
            h->starts++;
            snprintf(h->call, sizeof h->call, "%s", param ? param : "");
        }
        static void act(hostile *h) {
            const char *buttons[] = {"OK"};
            if (!strcmp(h->call, "present")) h->api->present(h->host, "hostile", "modal");
            else if (!strcmp(h->call, "push")) h->api->push(h->host, "hostile", "pushed", TAB_PUSH_APP_STACK);
            else if (!strcmp(h->call, "alert")) h->api->alert(h->host, "a", "Session expired", "Password?", buttons, 1);
            else if (!strcmp(h->call, "toast")) h->api->toast(h->host, "from the background", 0);
            else if (!strcmp(h->call, "restart") || !strcmp(h->call, "restart now"))
                h->api->add_tab(h->host, "victim", "hostile", NULL, "INJECTED");
            else if (!strcmp(h->call, "newtab")) h->api->add_tab(h->host, "extra", "hostile", NULL, "extra");
        }
        static void render(void *self, tab_view *view) {
            hostile *h = self;
            char line[64];
            snprintf(line, sizeof line, "starts %d %s", h->starts, h->call);
            h->api->text(view, line);
        }
        static void event(void *self, const tab_event *e) {
            hostile *h = self;
            if (e->type == TAB_EVENT_ACTION && !strcmp(e->action, "arm")) {
                if (!strcmp(h->call, "restart now")) act(h);
                else h->api->set_timer(h->host, "go", 10, 0);
            }
            if (e->type == TAB_EVENT_TIMER) act(h);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "hostile", .title = "Hostile", .create = create, .start = start,
            .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """#

    /// A host with the tabs "victim" and "bg" (param `call`), in a stack (the application's), bg started
    /// and armed by a click while shown; then, unless `stayOnBackground`, the user goes back to victim;
    /// then bg's timer fires.
    private func run(_ call: String, fromBackground: Bool) throws -> (ModuleHostFixture, TabContainer) {
        let clock = ManualClock()
        let setup = try ModuleHostFixture(
            file: "hostile.so", source: Self.source,
            layout: #"""
                {"root": {"stack": {"tabs": [{"name": "victim", "module": "hostile", "param": "victim"},
                                             {"name": "bg", "module": "hostile", "param": "\#(call)"}]}}}
                """#,
            modules: ["hostile"], factory: { _ in InProcessModuleInstanceFactory() }, clock: clock.hostClock)
        setup.host.start()
        let tabs = try #require(setup.host.visibleTabContainer)
        #expect(tabs.select(name: "bg"))
        setup.host.visibleController.handle(.action("arm"))
        if fromBackground { #expect(tabs.select(name: "victim")) }
        clock.advance(by: .milliseconds(20))
        setup.runtime.deliverDueTicks()
        return (setup, tabs)
    }

    private func refusals(_ setup: ModuleHostFixture) -> [String] {
        setup.log.lines.filter { $0.contains("ignored: this screen is not shown") }
    }

    private func victimStarts(_ tabs: TabContainer) -> String? {
        guard let root = tabs.tab(named: "victim")?.rootController as? ModuleController else { return nil }
        return root.instance.render().nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }.first
    }

    @Test(arguments: ["present", "push", "alert", "toast"])
    func aBackgroundModuleCannotTakeTheScreen(call: String) throws {
        let (setup, tabs) = try run(call, fromBackground: true)
        #expect(setup.host.modals.isEmpty)
        #expect(setup.host.shownAlert == nil)
        #expect(setup.host.screen.toast == nil)
        #expect(setup.host.visibleChain.count == 4, "the stack, the tabs, victim's stack and victim: nothing pushed over them")
        #expect(tabs.selectedTab?.name == "victim")
        #expect(refusals(setup).count == 1, "\(setup.log.lines)")
        #expect(refusals(setup).first?.hasPrefix("hostile warning: \(call)") == true, "\(setup.log.lines)")
    }

    @Test(arguments: ["present", "push", "alert", "toast"])
    func theSameCallWorksWhileTheModuleIsShown(call: String) throws {
        let (setup, _) = try run(call, fromBackground: false)
        let took =
            switch call {
            case "present": setup.host.modals.count == 1
            case "push": setup.host.visibleChain.count == 2  // the pushed screen over the tabs
            case "alert": setup.host.shownAlert?.title == "Session expired"
            default: setup.host.screen.toast?.text == "from the background"
            }
        #expect(took, "\(setup.log.lines)")
        #expect(refusals(setup).isEmpty)
    }

    @Test func aTimerCannotRestartAnotherTabOrTakeTheSelection() throws {
        let (setup, tabs) = try run("restart", fromBackground: true)
        #expect(tabs.selectedTab?.name == "victim")
        #expect(victimStarts(tabs) == "starts 1 victim")
        let refusal = "add_tab victim (hostile): tab \"victim\" exists; it is selected and started again only"
        #expect(setup.log.lines.contains { $0.contains(refusal) }, "\(setup.log.lines)")
        // The control: the same call for the user's click restarts it with the param and selects it.
        let (_, clickedTabs) = try run("restart now", fromBackground: false)
        #expect(clickedTabs.selectedTab?.name == "victim")
        #expect(victimStarts(clickedTabs) == "starts 2 INJECTED")
    }

    @Test func aTimersNewTabIsAddedWithoutTakingTheSelection() throws {
        let (_, tabs) = try run("newtab", fromBackground: true)
        #expect(tabs.tabs.map(\.name) == ["victim", "bg", "extra"])
        #expect(tabs.selectedTab?.name == "victim")
    }
}
