import Foundation
import TabHostTesting
import Testing

/// `tabhost run --state FILE` keeps a presented modal and its module's state through `kill -9`; the
/// state file and the module data directories are the user's alone; a reload whose new version
/// refuses the old state starts it fresh and keeps the state beside the state file (issue 38).
@Suite(.tags(.tmux, .slow), .selectedByTags, .serialized, .hangGuard, .blocking)
struct RunStatePrivacyTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// "notes" presents "composer"; each Enter on the composer's button adds an x to its draft and
    /// asks for `save_soon`. The composer writes draft.txt in its data_dir (as modules do: 0644 asked).
    static let notes = """
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        typedef struct { const tab_host_api *api; tab_host *host; } S;
        static void *create(const tab_host_api *api, tab_host *host) { S *x = calloc(1, sizeof(S)); x->api = api; x->host = host; return x; }
        static void render(void *s, tab_view *v) { S *x = s; x->api->text(v, "notes home"); x->api->button(v, "Write", "write"); }
        static void event(void *s, const tab_event *e) {
            S *x = s;
            if (e->type == TAB_EVENT_ACTION && e->action && strcmp(e->action, "write") == 0) x->api->present(x->host, "composer", NULL);
        }
        static void destroy(void *s) { free(s); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "notes", .version = "1", .title = "Notes",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    static let composer = """
        #include "tab_module.h"
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        typedef struct { const tab_host_api *api; tab_host *host; char draft[64]; } S;
        static void *create(const tab_host_api *api, tab_host *host) {
            S *x = calloc(1, sizeof(S)); x->api = api; x->host = host;
            const char *dir = api->data_dir(host);
            if (dir) {
                char path[512]; snprintf(path, sizeof path, "%s/draft.txt", dir);
                int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); if (fd >= 0) close(fd);
            }
            return x;
        }
        static void render(void *s, tab_view *v) {
            S *x = s; char b[128]; snprintf(b, sizeof b, "draft=[%s]", x->draft);
            x->api->text(v, b); x->api->button(v, "Type", "type");
        }
        static void event(void *s, const tab_event *e) {
            S *x = s;
            if (e->type == TAB_EVENT_ACTION && e->action && strcmp(e->action, "type") == 0 && strlen(x->draft) < 60) {
                strcat(x->draft, "x"); x->api->invalidate(x->host); x->api->save_soon(x->host);
            }
        }
        static size_t save_state(void *s, void *buf, size_t cap) {
            S *x = s; size_t n = strlen(x->draft); if (cap >= n) memcpy(buf, x->draft, n); return n;
        }
        static int restore_state(void *s, const void *d, size_t n) {
            S *x = s; if (n >= sizeof x->draft) return 0; memcpy(x->draft, d, n); x->draft[n] = 0; return 1;
        }
        static void destroy(void *s) { free(s); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "composer", .version = "1", .title = "Composer",
            .create = create, .render = render, .event = event, .save_state = save_state,
            .restore_state = restore_state, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    /// Polls `path` until `accept` holds for its text (10 s).
    static func waitForFile(_ path: String, _ accept: (String) -> Bool) -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        var text = ""
        while ContinuousClock.now < deadline {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if accept(text) { break }
            usleep(50_000)
        }
        return text
    }

    @Test func aDraftInAPresentedModalSurvivesKill9AndTheFilesArePrivate() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/mods"
            let runtimeDir = scratch + "/run"
            for directory in [modules, runtimeDir] { mkdir(directory, 0o700) }
            try Fixture.compileModule(Self.notes, to: modules + "/notes.so")
            try Fixture.compileModule(Self.composer, to: modules + "/composer.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "notes", "module": "notes"}]}}"#.write(toFile: layout, atomically: true, encoding: .utf8)
            let state = scratch + "/state.json"
            let environment = ["XDG_RUNTIME_DIR": runtimeDir, "XDG_DATA_HOME": scratch + "/data"]
            let arguments = ["--modules", modules, "--layout", layout, "--state", state]

            let first = try T(R.runCommand(arguments, scratch: scratch), environment: environment)
            try first.waitFor("notes home")
            try first.send("Enter")
            try first.waitFor("draft=[]")
            for _ in 0..<3 { try first.send("Enter") }
            try first.waitFor("draft=[xxx]")
            // save_soon: the draft ("xxx" is eHh4 in base64) is on disk without any quit.
            let saved = Self.waitForFile(state) { $0.contains(#""module":"composer""#) && $0.contains("eHh4") }
            #expect(saved.contains(#""modals":[{"module":"composer""#) && saved.contains("eHh4"), "\(saved)")
            for pid in try first.childPIDs() { kill(pid, SIGKILL) }
            try first.waitFor("STATUS:137")

            #expect(Self.mode(state) == 0o600)
            let data = scratch + "/data/tabhost/data"
            for directory in [scratch + "/data/tabhost", data, data + "/composer"] {
                #expect(Self.mode(directory) == 0o700, "\(directory)")
            }
            // Isolated (the default): the module child's umask makes what it writes the user's alone.
            #expect(Self.mode(data + "/composer/draft.txt") == 0o600)

            let second = try T(R.runCommand(arguments, scratch: scratch), environment: environment)
            try second.waitFor("draft=[xxx]")
            try second.send("Escape")  // the modal is dismissed: the tab it covered is there
            try second.waitFor("notes home")
            try second.send("q")
            try second.waitFor("STATUS:0")
            #expect(!Self.waitForFile(state) { !$0.contains("composer") }.contains("composer"))
        }
    }

    /// A state file an older version left 0644 is replaced by a 0600 one at the first save.
    @Test func anOldWorldReadableStateFileBecomesPrivate() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            try #"{"root":{},"version":1}"#.write(toFile: state, atomically: true, encoding: .utf8)
            chmod(state, 0o644)
            let tmux = try T(R.runCommand(["--state", state], scratch: scratch))
            try tmux.waitForScreen(RunTweetieTests.isAccounts)
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
            #expect(Self.mode(state) == 0o600)
            #expect(try String(contentsOfFile: state, encoding: .utf8).contains(#""version":2"#))
        }
    }

    @Test func aReloadWhoseNewVersionRefusesTheStateStartsFreshAndKeepsItBesideTheStateFile() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/mods"
            let build = scratch + "/build"
            let runtimeDir = scratch + "/run"
            for directory in [modules, build, runtimeDir] { mkdir(directory, 0o700) }
            try Fixture.compileModule(HotReloadEndToEndTests.source(version: "1", text: "first build"), to: modules + "/gauge.so")
            let layout = scratch + "/layout.json"
            try #"{"root": {"tabs": [{"name": "gauge", "module": "gauge"}]}}"#.write(toFile: layout, atomically: true, encoding: .utf8)
            let state = scratch + "/state.json"
            let environment = ["XDG_RUNTIME_DIR": runtimeDir, "XDG_DATA_HOME": scratch + "/data"]
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout, "--state", state], scratch: scratch), environment: environment)
            try tmux.waitFor("first build count=0")
            for _ in 0..<3 { try tmux.send("Enter") }
            try tmux.waitFor("first build count=3")

            // Version 2's restore_state knows no state of 4 bytes: a new format.
            let refusing = HotReloadEndToEndTests.source(version: "2", text: "second build")
                .replacing("if (n != sizeof(int)) return 0;", with: "if (n != 2 * sizeof(int)) return 0;")
            try Fixture.compileModule(refusing, to: build + "/gauge-2.so")
            #expect(rename(build + "/gauge-2.so", modules + "/gauge.so") == 0)
            let screen = try tmux.waitForScreen { $0.contains("second build count=0") && $0.contains("reloaded gauge v2 fresh") }
            #expect(!screen.contains("(!)"), "\(screen)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")

            let refused = state + ".refused"
            let files = try FileManager.default.contentsOfDirectory(atPath: refused)
            #expect(files.count == 1 && files.first?.hasPrefix("gauge-1-") == true, "\(files)")
            let path = refused + "/" + (files.first ?? "")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(withUnsafeBytes(of: Int32(3).littleEndian, Array.init)))
            #expect(Self.mode(path) == 0o600 && Self.mode(refused) == 0o700)
            let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
            let lines = log.split(separator: "\n").filter { $0.contains("gauge") && $0.contains("reload") }
            let expected = "restore_state refused the old state; it is kept in \(path)"
            #expect(lines.count == 1 && lines.first?.contains(expected) == true, "\(lines)")
        }
    }
}
