import InMemoryLogging
import TabHostPoll
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// Protocol 4: a module thread that invalidates a shown tab makes the child render it and push the
/// FRAME itself (at most one unacknowledged, a flood merged into few frames); a hidden tab's
/// invalidate stays an INVALIDATE, drawn when the host asks. Every pushed frame's render is counted
/// under `render` in the timings, with the time the child measured around the module's render.
@Suite(.serialized, .blocking)
final class IsolationPushedFrameTests {
    /// "flood:N" starts a thread that counts to N, invalidating after each step, then logs "flood
    /// done N"; render shows "count C renders R" and takes at least 2 ms (the timings see it).
    static let flood = #"""
        #include <time.h>
        #include <pthread.h>
        #include <stdatomic.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include "tab_module.h"

        /* `count` is the thread's; the rest the main thread's. */
        typedef struct flood {
            atomic_long count;
            long target, renders;
            pthread_t thread;
            int running;
            const tab_host_api *api;
            tab_host *host;
        } flood;

        static void *create(const tab_host_api *api, tab_host *host) {
            flood *self = calloc(1, sizeof *self);
            if (self != NULL) { self->api = api; self->host = host; }
            return self;
        }
        static void *run(void *opaque) {
            flood *self = opaque;
            for (long i = 1; i <= self->target; i++) {
                atomic_store(&self->count, i);
                self->api->invalidate(self->host);
            }
            char line[64];
            snprintf(line, sizeof line, "flood done %ld", self->target);
            self->api->log(self->host, TAB_LOG_INFO, line);
            return NULL;
        }
        static void stop(flood *self) {
            if (self->running) pthread_join(self->thread, NULL);
            self->running = 0;
        }
        static void event(void *opaque, const tab_event *event) {
            flood *self = opaque;
            if (event->action == NULL || strncmp(event->action, "flood:", 6) != 0) return;
            stop(self);
            self->target = atol(event->action + 6);
            self->running = pthread_create(&self->thread, NULL, run, self) == 0;
        }
        static void render(void *opaque, tab_view *view) {
            flood *self = opaque;
            self->renders++;
            struct timespec began, now;
            clock_gettime(CLOCK_MONOTONIC, &began);
            do clock_gettime(CLOCK_MONOTONIC, &now);
            while ((now.tv_sec - began.tv_sec) * 1000000000L + (now.tv_nsec - began.tv_nsec) < 2000000L);
            char line[96];
            snprintf(line, sizeof line, "count %ld renders %ld", atomic_load(&self->count), self->renders);
            self->api->text(view, line);
        }
        static void destroy(void *opaque) {
            stop(opaque);
            free(opaque);
        }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER,
            .name = "flood", .title = "Flood",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """#

    let calls = ModuleCallRecorder()
    let recorder = RecordingDelegate()
    let loop = PollEventLoop()
    let log = InMemoryLogHandler.everyLevel()
    let fixture: Fixture
    let cacheRoot: Fixture
    let factory: OutOfProcessModuleInstanceFactory
    let instance: OutOfProcessModuleInstance

    init() throws {
        fixture = try Fixture()
        cacheRoot = try Fixture()
        try fixture.compile("flood.so", source: Self.flood, flags: ["-shared", "-fPIC", "-pthread"])
        let registry = ModuleRegistry(loader: ModuleLoader(copies: try ModuleCopyDirectory(root: cacheRoot.directory)))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        try #require(registry.errors.isEmpty, "\(registry.errors)")
        let module = try #require(registry.modules.first { $0.name == "flood" })
        factory = OutOfProcessModuleInstanceFactory(settings: IsolatedHost.testSettings, logger: log.logger)
        factory.attach(to: loop)
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil, dataDirectory: nil, calls: calls)
        instance = try #require(
            try factory.makeInstance(of: module, environment: environment, delegate: recorder) as? OutOfProcessModuleInstance)
    }

    deinit {
        instance.destroy()
        factory.shutdown()
        fixture.remove()
        cacheRoot.remove()
    }

    /// The kept view's line, read without asking the child for anything.
    var keptLine: String? {
        instance.keptView?.nodes.lazy.compactMap { if case .text(let text) = $0.unstyled { text } else { nil } }.first
    }

    var renderCount: Int { calls.timings(of: "flood")[.render]?.count ?? 0 }

    @discardableResult
    func runLoop(until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? loop.runOnce(timeout: .milliseconds(20))
        }
        return true
    }

    /// Under ThreadSanitizer a thread a module starts in the child is one the runtime never saw (see
    /// `IsolationRoundTripTests.tickActions`); this test runs in every other build.
    @Test(.enabled(if: !Sanitizers.thread))
    func aModuleThreadsInvalidatesArePushedFramesWhileShownAndAskedForWhileHidden() throws {
        // Shown: drawn once, as a front end does.
        #expect(factory.settled { instance.render() }.nodes.isEmpty == false)
        #expect(keptLine == "count 0 renders 1")
        let rendersBefore = renderCount

        // The thread's flood reaches the kept view with nothing asking for a render: the child pushes
        // it, merging the invalidates (one frame in flight at a time, each taking 2 ms to render).
        let target = 100_000
        instance.send(.action("flood:\(target)"), focus: nil)
        #expect(runLoop { keptLine?.hasPrefix("count \(target) ") == true }, "kept: \(keptLine ?? "none")")
        let renders = try #require(keptLine.flatMap { Int($0.split(separator: " ").last ?? "") })
        #expect(renders > 1 && renders < target / 10, "\(renders) renders for \(target) invalidates")
        // Every pushed frame is in the timings under render (recorded as it is applied), timed around
        // the module's render.
        #expect(renderCount - rendersBefore >= renders - 1, "\(renderCount - rendersBefore) of \(renders - 1)")
        #expect(runLoop { self.recorder.logs.contains("info: flood done \(target)") })
        let timings = try #require(calls.timings(of: "flood")[.render])
        #expect(timings.maximum >= .milliseconds(2))

        // Hidden: the thread's invalidates are INVALIDATEs; nothing is drawn until the host asks.
        instance.appearance(.didDisappear)
        let invalidations = recorder.invalidations
        instance.send(.action("flood:500"), focus: nil)
        #expect(runLoop { self.recorder.logs.contains("info: flood done 500") })
        #expect(recorder.invalidations > invalidations)
        #expect(keptLine?.hasPrefix("count \(target) ") == true, "\(keptLine ?? "none")")
        instance.appearance(.willAppear)
        let line = factory.settled { instance.render() }.nodes.lazy.compactMap {
            if case .text(let text) = $0.unstyled { text } else { nil }
        }.first
        #expect(line?.hasPrefix("count 500 ") == true, "\(line ?? "none")")
        #expect(!recorder.logs.contains { $0.hasPrefix("warning") || $0.hasPrefix("error") }, "\(recorder.logs)")
    }
}
