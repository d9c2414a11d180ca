import Foundation
import TabHostTesting
import Testing

/// Runs the built `tabhost` binary and builds module fixtures for the list/inspect tests.
enum ListInspectSupport {
    /// What a run printed and how it ended.
    struct Output: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Runs `tabhost ARGUMENTS` with extra environment variables.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        try withTemporaryDirectory(prefix: "tabhost-e2e") { scratch in
            // A private metadata cache per run unless the test shares one: never the user's ~/.cache.
            let cache = ["XDG_CACHE_HOME": scratch + "/cache"]
            let result = try TabHostTesting.run(Products.tabhost, arguments: arguments, environment: cache.merging(environment) { $1 })
            return Output(stdout: result.stdout, stderr: result.stderr, status: result.status)
        }
    }

    /// Calls `body` with a fresh temporary directory (mode 0700), removed with everything in it when `body`
    /// returns or throws.
    static func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "tabhost-e2e", body)
    }

    /// Compiles a module with cc and only tab_module.h. `fields` go into the descriptor after the header.
    @discardableResult
    static func compileModule(_ path: String, fields: String, entry: String = "TAB_MODULE_DECLARE(descriptor)") throws -> String {
        let source = """
            #include "tab_module.h"
            #include <stdlib.h>
            static void *create(const tab_host_api *api, tab_host *host) { (void)api; (void)host; return malloc(1); }
            static void render(void *self, tab_view *view) { (void)self; (void)view; }
            static void destroy(void *self) { free(self); }
            __attribute__((used)) static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .create = create, .render = render, .destroy = destroy, \(fields)
            };
            \(entry)

            """
        return try Fixture.compileModule(source, to: path)
    }

    /// `text` padded with spaces to `width` terminal cells (all test cells are one cell per scalar).
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.unicodeScalars.count))
    }
}

/// A fixture could not be built.
struct SupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
