import Foundation
import TabHostTesting
import Testing

/// Hot reload through the real `tabhost run` in tmux, and `tabhost inspect` reading a running host's refusals.
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .blocking)
struct HotReloadEndToEndTests {
    /// A counter module: Enter on its button adds one; the count survives reloads via save/restore_state.
    static func source(version: String, text: String) -> String {
        """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct { const tab_host_api *api; tab_host *host; int count; } S;
        static void *create(const tab_host_api *api, tab_host *host) {
            S *x = calloc(1, sizeof(S)); x->api = api; x->host = host; return x;
        }
        static void render(void *s, tab_view *v) {
            S *x = s; char b[128]; snprintf(b, sizeof b, "\(text) count=%d", x->count);
            x->api->text(v, b); x->api->button(v, "Add one", "inc");
        }
        static void event(void *s, const tab_event *e) {
            S *x = s;
            if (e->type == TAB_EVENT_ACTION && e->action && strcmp(e->action, "inc") == 0) { x->count++; x->api->invalidate(x->host); }
        }
        static size_t save_state(void *s, void *buf, size_t cap) {
            S *x = s; if (cap >= sizeof(int)) memcpy(buf, &x->count, sizeof(int)); return sizeof(int);
        }
        static int restore_state(void *s, const void *d, size_t n) {
            S *x = s; if (n != sizeof(int)) return 0; memcpy(&x->count, d, n); return 1;
        }
        static void destroy(void *s) { free(s); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "gauge", .version = "\(version)", .title = "Gauge",
            .create = create, .render = render, .event = event, .save_state = save_state,
            .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    static func compile(_ source: String, to output: String) throws {
        try Fixture.compileModule(source, to: output)
    }

    /// `mods` holding gauge's first build, `build` beside it and the environment of a host run in `scratch`.
    static func scene(in scratch: String) throws -> (modules: String, build: String, environment: [String: String]) {
        let (modules, build, runtimeDir) = (scratch + "/mods", scratch + "/build", scratch + "/run")
        for directory in [modules, build, runtimeDir] { mkdir(directory, 0o700) }
        try compile(source(version: "1", text: "first build"), to: modules + "/gauge.so")
        return (modules, build, ["XDG_RUNTIME_DIR": runtimeDir])
    }

    @Test func reloadInTheTerminalAndInspectSeesTheRefusal() throws {
        try ListInspectSupport.withDirectory { scratch in
            let (modules, build, environment) = try Self.scene(in: scratch)
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "gauge", "module": "gauge"}], "acceptsNewModules": true}}"#
                .write(toFile: layout, atomically: true, encoding: .utf8)
            let session = try TmuxSession(
                "exec '\(Products.tabhost)' run --modules '\(modules)' --layout '\(layout)'", environment: environment)
            try session.waitFor("first build count=0")
            for _ in 0..<3 { try session.send("Enter") }
            try session.waitFor("first build count=3")

            try Self.compile(Self.source(version: "2", text: "second build"), to: build + "/gauge-2.so")
            #expect(rename(build + "/gauge-2.so", modules + "/gauge.so") == 0)
            let reloaded = try session.waitForScreen { $0.contains("second build count=3") && $0.contains("reloaded gauge v2") }
            #expect(!reloaded.contains("Gauge (!)"))

            try "not a library\n".write(toFile: build + "/broken.so", atomically: false, encoding: .utf8)
            #expect(rename(build + "/broken.so", modules + "/gauge.so") == 0)
            let refused = try session.waitForScreen { $0.contains("reload of gauge refused") }
            #expect(refused.contains("second build count=3"))
            // The status row names the file, not its directory, so the reason itself fits on screen.
            #expect(refused.contains("old version kept: gauge.so: not an ELF file"), "\(refused)")
            #expect(refused.contains("Gauge (!)"))

            // `tabhost inspect` in another process reports the running host's refusal.
            let pid = try #require(try? session.panePID())
            let text = try ListInspectSupport.run(["inspect", "gauge", "--modules", modules], environment: environment)
            #expect(text.status == 1, "\(text)")
            let line = text.stdout.split(separator: "\n").first { $0.hasPrefix("running host ") }.map(String.init)
            #expect(
                line?.hasPrefix("running host \(pid): reload of gauge refused, old version kept: \(modules)/gauge.so: not an ELF") == true,
                "\(text)")
            let json = try ListInspectSupport.run(["inspect", modules + "/gauge.so", "--json"], environment: environment)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
            let hosts = try #require(object["runningHosts"] as? [[String: Any]])
            #expect(hosts.count == 1)
            #expect(hosts.first?["pid"] as? Int == Int(pid))
            #expect(hosts.first?["module"] as? String == "gauge")

            // A good build again: reloads, the mark and the refusal go.
            try Self.compile(Self.source(version: "3", text: "third build"), to: build + "/gauge-3.so")
            #expect(rename(build + "/gauge-3.so", modules + "/gauge.so") == 0)
            let fixed = try session.waitForScreen { $0.contains("third build count=3") && $0.contains("reloaded gauge v3") }
            #expect(!fixed.contains("Gauge (!)"))
            let after = try ListInspectSupport.run(["inspect", "gauge", "--modules", modules], environment: environment)
            #expect(after.status == 0)
            #expect(!after.stdout.contains("running host"))
            try session.send("q")
            _ = try session.waitForExit()
        }
    }

    /// With `--modules` given relative to where `run` started, the status line named a file that does
    /// not exist: the start directory and the file's name (the relative path was replaced inside the
    /// absolute one the reason gives).
    @Test func aRefusedReloadUnderARelativeModulesPathNamesTheFileAlone() throws {
        try ListInspectSupport.withDirectory { scratch in
            let modules = scratch + "/deep/dir/mods"
            let runtimeDir = scratch + "/run"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
            mkdir(runtimeDir, 0o700)
            try Self.compile(Self.source(version: "1", text: "first build"), to: modules + "/gauge.so")
            let session = try TmuxSession(
                "cd '\(scratch)' && exec '\(Products.tabhost)' run --modules deep/dir/mods",
                environment: ["XDG_RUNTIME_DIR": runtimeDir])
            try session.waitFor("first build count=0")
            try "not a library\n".write(toFile: scratch + "/broken.so", atomically: false, encoding: .utf8)
            #expect(rename(scratch + "/broken.so", modules + "/gauge.so") == 0)
            let refused = try session.waitForScreen { $0.contains("reload of gauge refused") }
            #expect(refused.contains("old version kept: gauge.so: not an ELF file"), "\(refused)")
            #expect(!refused.contains("\(scratch)/gauge.so"), "\(refused)")
            try session.send("q")
            _ = try session.waitForExit()
        }
    }

    /// `make clean && make`: the file deleted, then built again. The tab stays for the grace the status line
    /// names, and the new build takes over with the count; a file that stays away loses its tab afterwards.
    @Test func aDeletedModuleKeepsItsTabForTheGraceAndARebuildKeepsItsState() throws {
        try ListInspectSupport.withDirectory { scratch in
            let (modules, build, environment) = try Self.scene(in: scratch)
            let other = Self.source(version: "1", text: "other module")
                .replacingOccurrences(of: #".name = "gauge""#, with: #".name = "other""#)
                .replacingOccurrences(of: #".title = "Gauge""#, with: #".title = "Other""#)
            try Self.compile(other, to: modules + "/other.so")
            let session = try TmuxSession("exec '\(Products.tabhost)' run --modules '\(modules)'", environment: environment)
            try session.waitFor("first build count=0")
            for _ in 0..<3 { try session.send("Enter") }
            try session.waitFor("first build count=3")

            #expect(unlink(modules + "/gauge.so") == 0)
            let departing = try session.waitForScreen { $0.contains("gauge.so was deleted") }
            #expect(departing.contains("gauge.so was deleted: gauge's tabs close in 5 s unless the file comes back"), "\(departing)")
            #expect(departing.contains("first build count=3"))
            try Self.compile(Self.source(version: "2", text: "second build"), to: build + "/gauge.so")
            #expect(rename(build + "/gauge.so", modules + "/gauge.so") == 0)
            try session.waitForScreen { $0.contains("second build count=3") && $0.contains("reloaded gauge v2") }

            #expect(unlink(modules + "/gauge.so") == 0)
            try session.waitFor("gauge.so was deleted")
            // The status line comes first; the other tab's screen follows once its own process has drawn
            // it (the host never waits for that), so the test waits for both.
            let removed = try session.waitForScreen(timeout: .seconds(15)) {
                $0.contains("removed gauge") && $0.contains("other module count=0")
            }
            #expect(!removed.contains("Gauge"), "\(removed)")
            try session.send("q")
            _ = try session.waitForExit()
        }
    }
}
