import InMemoryLogging
import Logging
import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// A module's `log` calls reach the runtime's swift-log `Logger` at the matching level, with the
/// module's name as `module` metadata.
@Suite(.blocking)
struct ModuleLoggingTests {
    static let source = """
        #include "tab_module.h"
        #include <stdlib.h>
        static void *create(const tab_host_api *api, tab_host *host) {
            api->log(host, TAB_LOG_DEBUG, "debug line");
            api->log(host, TAB_LOG_INFO, "info line");
            api->log(host, TAB_LOG_WARNING, "warning line");
            api->log(host, TAB_LOG_ERROR, "error line");
            api->log(host, 9, "above error");
            api->log(host, -1, "below debug");
            return malloc(1);
        }
        static void render(void *self, tab_view *view) { (void)self; (void)view; }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "chatty", .title = "Chatty",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    @Test func logCallsCarryTheLevelAndTheModuleName() throws {
        let setup = try ModuleHostFixture(
            file: "chatty.so", source: Self.source, layout: #"{"root": {"tabs": [{"name": "a", "module": "chatty"}]}}"#,
            modules: ["chatty"])
        setup.host.start()
        // `stream: log` marks the module's own lines, which the log file limits per second.
        let module: Logger.Metadata = ["module": "chatty", "stream": "log"]
        #expect(
            setup.log.entries == [
                InMemoryLogHandler.Entry(level: .debug, message: "debug line", metadata: module),
                InMemoryLogHandler.Entry(level: .info, message: "info line", metadata: module),
                InMemoryLogHandler.Entry(level: .warning, message: "warning line", metadata: module),
                InMemoryLogHandler.Entry(level: .error, message: "error line", metadata: module),
                // Out-of-range levels are clamped (ModuleLogLevel(clamping:)).
                InMemoryLogHandler.Entry(level: .error, message: "above error", metadata: module),
                InMemoryLogHandler.Entry(level: .info, message: "below debug", metadata: module),
            ])
    }
}
