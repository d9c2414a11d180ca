import Foundation
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// The host never waits on a module: a module spinning in `event` or `render` leaves every other tab
/// usable (switches, presses, each counted once, in order), its own tab keeps its last frame, gets the
/// busy mark, then the one not-responding line (Wait · Restart), and its child is killed at the kill
/// limit (300 ms and 3 s here, so a loaded machine gets through the steps in between; 1 s and 10 s by
/// default).
@Suite(.serialized)
final class IsolationHangTests {
    let setup: IsolatedHost
    var host: ContainerHost { setup.host }

    /// "tally": counts presses of its button and lists the actions it got, in order ("slow:N" sleeps).
    static let tally = #"""
        #define _GNU_SOURCE
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>

        typedef struct tally { const tab_host_api *api; tab_host *host; int presses; char seen[8192]; } tally;

        static void *create(const tab_host_api *api, tab_host *host) {
            tally *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            tally *self = opaque;
            char line[64];
            snprintf(line, sizeof line, "presses %d", self->presses);
            self->api->text(view, line);
            self->api->text(view, self->seen);
            self->api->button(view, "Press", "press");
        }
        static void event(void *opaque, const tab_event *e) {
            tally *self = opaque;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strncmp(e->action, "slow:", 5) == 0) {
                int ms = atoi(e->action + 5);
                struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
                while (nanosleep(&t, &t) != 0) {}
                return;
            }
            if (strcmp(e->action, "press") == 0) self->presses++;
            size_t used = strlen(self->seen);
            if (used + strlen(e->action) + 2 < sizeof self->seen)
                snprintf(self->seen + used, sizeof self->seen - used, "%s%s", used ? " " : "", e->action);
            self->api->invalidate(self->host);
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "tally", .title = "Tally",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    init() throws {
        var settings = IsolatedHost.testSettings
        settings.killTimeout = .seconds(3)
        setup = try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("tally.so", Self.tally)],
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "a", "module": "crashy"},
                    {"name": "b", "module": "tally"}
                ]}}}
                """, settings: settings)
        host.start()
    }

    private var crashy: OutOfProcessModuleInstance {
        get throws { try #require((host.visibleController as? ModuleController)?.instance as? OutOfProcessModuleInstance) }
    }

    /// The first node of the visible screen as it is now, when it is the not-responding line.
    private var lineNow: String? {
        guard case .row(let row) = host.screen.content.nodes.first, row.title.contains(" is not responding (") else { return nil }
        return row.title
    }

    private var badges: [String?] { host.screen.tabBar?.items.map(\.badge) ?? [] }

    @Test func aModuleSpinningInEventNeverHoldsUpTheOtherTabs() throws {
        setup.activate("count")
        setup.activate("count")
        #expect(setup.texts == ["count 2"])
        let instance = try crashy
        // The other tab has drawn once: its button is on its kept frame.
        #expect(host.apply(.selectTab(1)))
        #expect(setup.texts.first == "presses 0")
        #expect(host.apply(.selectTab(0)))
        setup.activate("spin", settle: false)
        // Posted, not waited on: the host came back before the child could answer (it never will).
        #expect(!instance.isNotResponding && !instance.isBusy)
        for _ in 0..<3 { setup.activate("count", settle: false) }  // queued behind the spin
        for _ in 0..<5 {
            #expect(host.apply(.selectTab(1)))
            #expect(host.apply(.activate("press")))
            #expect(host.apply(.selectTab(0)))
            #expect(setup.textsNow == ["count 2"])  // its kept frame, at once
        }
        #expect(host.apply(.selectTab(1)))
        #expect(setup.runLoop(until: { self.setup.textsNow == ["presses 5", "press press press press press"] }))
        #expect(host.apply(.selectTab(0)))
        // The busy mark, then the line; the other module's tab is never marked.
        #expect(setup.runLoop(until: { self.badges == [ModuleController.busyMark, nil] }))
        #expect(setup.runLoop(until: { self.lineNow != nil }))
        let line = try #require(lineNow)
        #expect(line.hasPrefix("Crashy is not responding (event, ") && line.hasSuffix(" s) — Wait · Restart"))
        #expect(setup.textsNow == ["count 2"])
        #expect(badges == [ModuleController.busyMark, nil])
        #expect(setup.log.lines.contains("crashy warning: not responding: no answer to event \"spin\" within 0.3 s"))
        // Wait: the clock starts again, so the line goes until the hang timeout passes again.
        #expect(host.apply(.activate(OutOfProcessModuleInstance.waitAction)))
        #expect(lineNow == nil)
        #expect(setup.runLoop(until: { self.lineNow != nil }))
        // Restart: the stuck child is killed, what was queued is dropped and counted, the state saved comes back.
        #expect(host.apply(.activate(OutOfProcessModuleInstance.restartStuckAction)))
        #expect(setup.texts == ["count 2"])
        #expect(setup.log.lines.contains("crashy warning: 3 input events dropped: its process stopped before they were delivered"))
        #expect(badges == [nil, nil])
        setup.activate("count")
        #expect(setup.texts == ["count 3"])
    }

    @Test func aModuleSpinningInRenderIsBlamedOnRenderAndKilledAtTheLimitWhileHidden() throws {
        setup.activate("spin-render", settle: false)  // the event invalidates; the frame it pushes spins in render
        #expect(setup.runLoop(until: { self.lineNow?.hasPrefix("Crashy is not responding (render, ") == true }))
        #expect(host.apply(.selectTab(1)))
        #expect(setup.runLoop(until: { self.setup.textsNow.first == "presses 0" }))
        #expect(badges == [ModuleController.busyMark, nil])
        #expect(setup.runLoop(until: { self.setup.childPID(of: "crashy") == nil }))
        #expect(host.apply(.selectTab(0)))
        #expect(setup.textsNow == ["Crashy stopped: not responding for 3 s in render"])
        #expect(badges == [nil, nil])
        setup.activate(OutOfProcessModuleInstance.restartAction)
        #expect(setup.texts == ["count 0"])
    }

    @Test func inputQueuedBehindASlowCallIsDeliveredOnceEachInOrder() throws {
        #expect(host.apply(.selectTab(1)))
        #expect(setup.texts.first == "presses 0")
        setup.activate("slow:200", settle: false)
        let actions = (1...40).map { "n\($0)" }
        for action in actions { setup.activate(action, settle: false) }
        #expect(setup.texts == ["presses 0", actions.joined(separator: " ")])
    }

    /// Past the queue's 1,024 calls a call is dropped; a flood of them is said in one line a second at
    /// most, which counts the others (each had its own line: thousands a second, past the log's budget).
    @Test func callsDroppedAtAFullQueueAreSaidInOneLineASecond() throws {
        #expect(host.apply(.selectTab(1)))
        #expect(setup.texts.first == "presses 0")
        setup.activate("slow:2000", settle: false)
        let started = ContinuousClock.now
        for index in 0..<3_000 { setup.activate("n\(index)", settle: false) }
        let seconds = Int((ContinuousClock.now - started).components.seconds) + 1
        let dropped = setup.log.lines.filter { $0.contains("dropped: 1024 calls already wait for its process") }
        #expect(dropped.count >= 1 && dropped.count <= seconds, "\(dropped)")
        #expect(dropped.first?.contains("event \"n1024\" dropped") == true, "\(dropped)")
    }

    @Test func aSlowRenderPastTheHangTimeoutIsShownWhenItArrives() {
        setup.activate("count")
        setup.activate("slow-render:600", settle: false)
        #expect(setup.runLoop(until: { self.lineNow?.hasPrefix("Crashy is not responding (render, ") == true }))
        // What a running host publishes for `tabhost inspect`, while it lasts.
        #expect(
            setup.factory.moduleStates == [
                ModuleProcessState(module: "crashy", state: .notResponding, reason: "Crashy is not responding", crashes: 0)
            ])
        #expect(setup.runLoop(until: { self.lineNow == nil }))
        #expect(setup.textsNow == ["count 1"])
        #expect(setup.factory.moduleStates == [])
        setup.activate("count")
        #expect(setup.texts == ["count 2"])
    }

    @Test func aCallsTimingRunsFromItsSendingThroughWait() {
        setup.activate("slow-event:700", settle: false)
        #expect(setup.runLoop(until: { self.lineNow != nil }))
        // Wait restarts the not-responding clock, not the call's duration.
        #expect(host.apply(.activate(OutOfProcessModuleInstance.waitAction)))
        #expect(setup.runLoop(until: { (self.setup.runtime.calls.timings(of: "crashy")[.event]?.count ?? 0) == 1 }))
        let event = setup.runtime.calls.timings(of: "crashy")[.event]
        #expect((event?.maximum ?? .zero) >= .milliseconds(700), "\(String(describing: event?.maximum))")
    }
}
