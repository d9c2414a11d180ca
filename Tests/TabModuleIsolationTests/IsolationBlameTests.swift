import Foundation
import TabHostTesting
import TabModuleIsolation
import Testing

/// A call that runs for a second has its stack in the host's log once, under the default sandbox: each
/// frame with the file and offset `addr2line` needs to name a static function dladdr cannot.
/// Not under ThreadSanitizer: its runtime holds a signal's handler until the thread calls into it, and a
/// module spinning in its own (uninstrumented) code never does, so the stack is never taken.
@Suite(
    .disabled(if: Sanitizers.thread, "TSan delays the handler that takes the stack until the spinning thread calls into TSan"), .blocking)
struct IsolationBlameTests {
    /// "spin": renders "idle" until the action "spin", after which its render spins in a static function.
    static let spin = #"""
        #include "tab_module.h"
        #include <stdlib.h>

        typedef struct spin { const tab_host_api *api; tab_host *host; int spinning; } spin;
        static volatile unsigned long turns;

        __attribute__((noinline)) static void spin_in_place(void) {
            for (;;) turns++;
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            spin *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            spin *self = opaque;
            if (self->spinning) spin_in_place();
            self->api->text(view, "idle");
        }
        static void event(void *opaque, const tab_event *e) {
            spin *self = opaque;
            if (e->type == TAB_EVENT_ACTION && e->action != NULL) { self->spinning = 1; self->api->invalidate(self->host); }
        }
        static void destroy(void *opaque) { free(opaque); }

        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "spin", .title = "Spin", .glyph = "S",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    @Test func aRenderStuckForASecondLogsItsStackOnceWithFileAndOffset() throws {
        // The default sandbox; the kill limit past the watchdog's second.
        let settings = IsolationSettings(sandbox: .on, hangTimeout: .milliseconds(300), killTimeout: .milliseconds(2500))
        let setup = try IsolatedHost(
            modules: [("spin.so", Self.spin)], layout: #"{"root": {"stack": {"tabs": [{"name": "s", "module": "spin"}]}}}"#,
            settings: settings)
        setup.host.start()
        #expect(setup.texts == ["idle"])
        setup.activate("spin")
        _ = setup.host.screen
        // The spinning frame: the module's file (its private copy) and an offset, no dladdr symbol.
        let isModuleFrame = { (line: String) in line.hasPrefix("spin warning: #") && line.contains("/spin.") }
        #expect(setup.runLoop(until: { setup.log.lines.contains(where: isModuleFrame) }, timeout: .seconds(3)))
        let lines = setup.log.lines
        let headers = lines.filter { $0.contains("is stuck in") }
        #expect(headers.count == 1, "\(lines)")
        #expect(headers.first?.hasPrefix("spin warning: spin is stuck in render for 1.") == true, "\(lines)")
        #expect(headers.first?.hasSuffix(" s; its stack:") == true)
        let spinning = try #require(lines.first(where: isModuleFrame), "\(lines)")
        let match = try #require(spinning.firstMatch(of: /\((\/[^ ]+\.so)\+0x([0-9a-f]+)\)$/), "\(spinning)")
        let resolved = try Fixture.runChecked("/usr/bin/addr2line", ["-f", "-e", String(match.1), "0x" + match.2])
        #expect(resolved.stdout.split(separator: "\n").first == "spin_in_place", "\(resolved)")
        // Once per call: nothing more until the kill limit ends the child, past another second.
        #expect(setup.runLoop(until: { setup.childPID(of: "spin") == nil }, timeout: .seconds(5)))
        #expect(setup.log.lines.filter { $0.contains("is stuck in") }.count == 1)
    }
}
