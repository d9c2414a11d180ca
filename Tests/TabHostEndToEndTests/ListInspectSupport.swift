import Foundation
import TabHostTestSupport
import Testing

/// Runs the built `tabhost` binary and builds module fixtures for the list/inspect tests.
enum ListInspectSupport {
    /// The repository root, found from this file's path.
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The build products directory: where the test bundle (the running executable) lives.
    static let productsDirectory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return (exe as NSString).deletingLastPathComponent
    }()

    /// The `tabhost` executable next to the test bundle.
    static var tabhost: String { productsDirectory + "/tabhost" }

    /// What a run printed and how it ended.
    struct Output: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Runs `tabhost ARGUMENTS` with extra environment variables; output goes to files (no pipe deadlock).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tabhost-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tabhost)
        process.arguments = arguments
        // A private metadata cache per run unless the test shares one: never the user's ~/.cache.
        let cache = ["XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path]
        process.environment = ProcessInfo.processInfo.environment.merging(cache) { $1 }.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(
            stdout: try String(contentsOf: outURL, encoding: .utf8), stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: process.terminationStatus)
    }

    /// A temporary directory (mode 0700).
    static func makeDirectory() throws -> String {
        try Fixture.makeTemporaryDirectory(prefix: "tabhost-e2e")
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
