import InMemoryLogging
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// What one module call may cost the host (issue 36), in process and in the module's child: a chain
/// of `present`/`push`/`add_tab` made from `start` is refused at a depth, a render's view at a byte
/// budget, and a call's notifications at a byte budget; each with the count that shows the try was real.
@Suite(.serialized, .blocking)
final class ModuleFloodTests {
    /// `start(param)`: "present", "push" or "add_tab" makes that call on itself from `start` (each new
    /// instance's `start` does it again); "words N" renders N texts of one 16 KiB word; "titles N SIZE"
    /// sets a title of SIZE bytes N times in one render; "badges N SIZE" the same with badges. Its render
    /// first shows "starts N": how many times `start` ran in its process.
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct hostile { const tab_host_api *api; tab_host *host; char mode[16]; long count, size; } hostile;
        static long starts;
        static void *create(const tab_host_api *api, tab_host *host) {
            hostile *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static char *run_of(long n) {
            char *s = malloc((size_t)n + 1);
            if (s == NULL) abort();
            memset(s, 'w', (size_t)n);
            s[n] = '\\0';
            return s;
        }
        static void start(void *opaque, const char *param) {
            hostile *self = opaque;
            starts++;
            if (param == NULL) return;
            sscanf(param, "%15s %ld %ld", self->mode, &self->count, &self->size);
            if (strcmp(self->mode, "present") == 0) self->api->present(self->host, "hostile", param);
            if (strcmp(self->mode, "push") == 0) self->api->push(self->host, "hostile", param, TAB_PUSH_OWN_STACK);
            if (strcmp(self->mode, "add_tab") == 0) self->api->add_tab(self->host, "again", "hostile", NULL, param);
        }
        static void render(void *opaque, tab_view *view) {
            hostile *self = opaque;
            char line[64];
            snprintf(line, sizeof line, "starts %ld", starts);
            self->api->text(view, line);
            if (strcmp(self->mode, "words") == 0) {
                char *word = run_of(16384);
                for (long i = 0; i < self->count; i++) self->api->text(view, word);
                free(word);
            }
            if (strcmp(self->mode, "titles") == 0 || strcmp(self->mode, "badges") == 0) {
                char *text = run_of(self->size);
                for (long i = 0; i < self->count; i++) {
                    if (self->mode[0] == 't') self->api->set_title(self->host, text);
                    else self->api->set_badge(self->host, text);
                }
                free(text);
            }
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "hostile", .title = "Hostile", .create = create, .start = start,
            .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    enum Isolation: String, CaseIterable, CustomTestStringConvertible {
        case inProcess, process
        var testDescription: String { rawValue }
    }

    /// A host whose one tab ("a", in a tab container inside a stack) runs `hostile` started with `param`.
    private func host(_ param: String, _ isolation: Isolation) throws -> ModuleHostFixture {
        let setup = try ModuleHostFixture(
            file: "hostile.so", source: Self.source,
            layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "hostile", "param": "\#(param)"}]}}}"#,
            modules: ["hostile"],
            factory: { log -> any ModuleInstanceFactory in
                isolation == .process
                    ? OutOfProcessModuleInstanceFactory(settings: IsolationSettings(sandbox: .off), logger: log.logger)
                    : InProcessModuleInstanceFactory()
            })
        setup.host.start()
        return setup
    }

    private func texts(_ setup: ModuleHostFixture) -> [String] {
        setup.host.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// Only a shown screen (or one handling the user's input) may present, and a screen being presented is
    /// started before it is shown: the shown tab's `present` works, the presented screen's own is refused,
    /// so there is no recursion (without either rule the host recursed until its stack was gone, SIGSEGV).
    @Test(arguments: Isolation.allCases)
    func aModuleThatPresentsItselfFromStartIsRefusedAsNotShown(isolation: Isolation) throws {
        let setup = try host("present", isolation)
        #expect(texts(setup).first == "starts 2")
        #expect(setup.host.modals.count == 1)
        #expect(
            setup.log.lines.filter { $0.contains("ignored") } == [
                "hostile warning: present hostile ignored: this screen is not shown (a module takes the screen only while it is shown, "
                    + "or while it handles the user's key, click or edit; a badge can say something is new)"
            ])
    }

    /// Without the limit the host recursed until its stack was gone (SIGSEGV): the count of starts shows
    /// the module did recurse, as far as the limit lets it.
    @Test(arguments: [("push", Isolation.inProcess), ("push", .process)])
    func aModuleThatPushesItselfFromStartIsRefusedAtTheDepthLimit(call: String, isolation: Isolation) throws {
        let setup = try host(call, isolation)
        let depth = ModuleLimits.maximumScreenCallDepth
        #expect(texts(setup).first == "starts \(depth + 1)")
        let refusals = setup.log.lines.filter { $0.contains("refused") }
        #expect(
            refusals == [
                "hostile warning: \(call) hostile refused: \(depth) push, present and add_tab calls are already in progress "
                    + "within one another (does start push or present a module that does the same?)"
            ])
        // The host goes on: the user can close what was opened and the module still renders.
        setup.host.visibleController.handle(.action("nothing"))
        #expect(texts(setup).first == "starts \(depth + 1)")
    }

    /// `add_tab` from `start` starts the tab it adds, whose `start` asks again: the same recursion,
    /// refused the same way.
    @Test(arguments: Isolation.allCases)
    func aModuleThatAddsItsOwnTabFromStartIsRefusedAtTheDepthLimit(isolation: Isolation) throws {
        let setup = try host("add_tab", isolation)
        #expect(setup.log.lines.filter { $0.contains("add_tab hostile refused: ") }.count == 1)
        // The host goes on: both tabs are there, and the user can pick the first one.
        #expect(setup.host.screen.tabBar?.items.count == 2)
        #expect(setup.host.visibleTabContainer?.select(index: 0) == true)
        #expect(texts(setup).first?.hasPrefix("starts ") == true)
    }

    /// 300 words of 16 KiB in one render: cut at the view's byte budget with a last line saying so.
    @Test(arguments: Isolation.allCases)
    func aRenderPastTheByteBudgetIsCutWithALastLineSayingWhy(isolation: Isolation) throws {
        let setup = try host("words 300", isolation)
        let shown = texts(setup)
        let fit = (ModuleLimits.maximumViewBytes - "starts 1".utf8.count) / 16384
        #expect(shown.count == 1 + fit + 1)
        #expect(shown.last == "… cut: the view exceeded \(ModuleLimits.maximumViewBytes) bytes")
        #expect(
            setup.log.lines.contains(
                "hostile warning: render made a view of more than \(ModuleLimits.maximumViewBytes) bytes; the rest is not shown (show less)"
            ))
    }

    /// The control: under the budget every word is shown.
    @Test(arguments: Isolation.allCases)
    func aRenderUnderTheByteBudgetIsShownWhole(isolation: Isolation) throws {
        let setup = try host("words 200", isolation)
        let shown = texts(setup)
        #expect(shown.count == 201)
        #expect(shown.last == String(repeating: "w", count: 16384))
        #expect(!setup.log.lines.contains { $0.contains("more than") })
    }

    /// 48 titles of 8 MiB in one render took the host to 670 MiB: each is read no further than a view
    /// string, and the tab shows the title cut to its limit.
    @Test(arguments: Isolation.allCases)
    func hugeTitlesDuringARenderAreCutWhereTheyAreRead(isolation: Isolation) throws {
        let setup = try host("titles 48 8388608", isolation)
        _ = setup.host.screen
        let limit = ModuleLimits.maximumTitleBytes
        #expect(setup.host.screen.title == String(repeating: "w", count: limit - 3) + "…")
        let cuts = setup.log.lines.filter { $0.contains("set_title of") }
        #expect(cuts.count >= 1)
        let read = ModuleLimits.maximumViewStringBytes + ModuleLimits.stringMargin
        #expect(cuts.allSatisfy { $0.contains("set_title of \(read) bytes cut") })
    }

    /// In the child, a call's notifications wait for the call to return: past their byte budget the rest
    /// are dropped, with one line counting them (each costs its payload and 64 bytes).
    @Test func aCallsNotificationsPastTheirBudgetAreDroppedWithOneLine() throws {
        let setup = try host("badges 2000 1000", .process)
        _ = setup.host.screen
        let cost = 8 + 4 + 1000 + 64
        let kept = ModuleLimits.maximumPendingNotificationBytes / cost
        let drops = setup.log.lines.filter { $0.contains("notifications of one call dropped") }
        #expect(!drops.isEmpty)
        #expect(drops.allSatisfy { $0.hasPrefix("hostile warning: \(2000 - kept) notifications of one call dropped") })
        let badge = String(repeating: "w", count: ModuleLimits.maximumBadgeBytes - 3) + "…"
        #expect(setup.host.screen.tabBar?.items.first?.badge == badge)
    }

    /// The control: under the budget nothing is dropped.
    @Test func aCallsNotificationsUnderTheirBudgetAllArrive() throws {
        let setup = try host("badges 500 1000", .process)
        _ = setup.host.screen
        #expect(!setup.log.lines.contains { $0.contains("notifications of one call dropped") })
        #expect(setup.log.lines.filter { $0.contains("set_badge of 1000 bytes cut") }.count >= 500)
    }
}
