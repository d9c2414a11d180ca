import Foundation
import TabHostTesting
import Testing

/// Builds what the `tabhost run` tests need: shell command lines, a scratch directory, C fixture modules.
enum RunSupport {
    typealias S = ListInspectSupport

    /// `text` quoted for `sh -c`.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The shell command that runs the built `tabhost run` with `arguments` (and a private log file in `scratch`),
    /// then prints its exit status, the terminal's echo/icanon settings, and reads one line and echoes it back:
    /// everything a test needs to see that the terminal was handed back in a usable state. The shell then stays
    /// until the session is killed: tmux can drop the last output of a pane whose command has just exited.
    static func runCommand(_ arguments: [String], scratch: String, stderrFile: String? = nil) -> String {
        let args = (["run", "--log", scratch + "/tabhost.log"] + arguments).map(quote).joined(separator: " ")
        let redirect = stderrFile.map { " 2>" + quote($0) } ?? ""
        return quote(Products.tabhost) + " " + args + redirect + "; echo \"STATUS:$?\"; "
            + "echo \"STTY:$(stty -a | tr ';' ' ' | tr ' ' '\\n' | grep -xE -- '-?(echo|icanon)' | tr '\\n' ' ')\"; "
            + "read line; echo \"GOT:$line\"; sleep 30"
    }

    /// Calls `body` with a fresh scratch directory, removed with everything in it when `body` returns or throws:
    /// a tmux session or host that `body` starts in a local ends with `body`, before its directory goes.
    static func withScratch<T>(_ body: (String) throws -> T) throws -> T { try S.withDirectory(body) }

    /// Compiles C `source` (with tab_module.h) into the shared library at `path` with cc.
    @discardableResult
    static func compile(_ source: String, to path: String) throws -> String {
        try Fixture.compileModule(source, to: path, flags: ["-shared", "-fPIC", "-Wall", "-Werror"])
    }

    /// `SCRATCH/modules` and `SCRATCH/run` (mode 0700, for `XDG_RUNTIME_DIR`: only this test's hosts'
    /// status files are read there), made.
    static func makeModulesAndRuntime(in scratch: String) throws -> (modules: String, runtime: String) {
        let modules = scratch + "/modules"
        let runtime = scratch + "/run"
        for directory in [modules, runtime] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        }
        _ = chmod(runtime, 0o700)
        return (modules, runtime)
    }

    /// A content module named `name` whose render shows `body` (C statements using `api` and `view`)
    /// and whose event handler runs `onEvent` (C statements using `api`, `host` and `event`).
    static func moduleSource(name: String, title: String, body: String, onEvent: String = "") -> String {
        """
        #include "tab_module.h"
        #include <stdlib.h>
        #include <stddef.h>
        typedef struct fixture { const tab_host_api *api; tab_host *host; } fixture;
        static void *create(const tab_host_api *api, tab_host *host) {
            fixture *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            fixture *self = opaque;
            const tab_host_api *api = self->api;
            (void)api;
            \(body)
        }
        static void event(void *opaque, const tab_event *event) {
            fixture *self = opaque;
            const tab_host_api *api = self->api;
            tab_host *host = self->host;
            (void)api; (void)host; (void)event;
            \(onEvent)
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .version = "1.0", .title = "\(title)",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    /// Writes a layout whose root is a stack showing `module`.
    @discardableResult
    static func writeStackLayout(module: String, to path: String) throws -> String {
        try #"{"root": {"stack": {"module": "\#(module)"}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The line of `screen` holding `text`, if any.
    static func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains(text) }.map(String.init)
    }
}
