import Foundation
import TabHostTesting
import Testing

/// ABI 1.2 input in a real terminal: a module built from the current header shows a text field, a
/// toggle, a progress bar, styled text, a table with row actions and a button that raises an alert;
/// it echoes every event it gets, so the screen says what reached it.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunInputNodesTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// The fixture: keeps its own copy of the field (as the header asks) and clears it on submit.
    static let source = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct form {
            const tab_host_api *api;
            tab_host *host;
            char name[256], submitted[256], answer[64], acted[64], focus[64], key[32];
            int wifi;
        } form;
        static void copy(char *to, size_t size, const char *from) { snprintf(to, size, "%s", from ? from : "(null)"); }
        static void *create(const tab_host_api *api, tab_host *host) {
            /* Not a 1.2 host, or one that does not offer the 1.2 calls yet: no instance (the tab says so). */
            if (!TAB_API_HAS(api, tab_host_api, save_soon) || api->text_field == NULL || api->alert == NULL) return NULL;
            form *self = calloc(1, sizeof(*self));
            if (self == NULL) return NULL;
            self->api = api;
            self->host = host;
            return self;
        }
        static void render(void *opaque, tab_view *view) {
            form *self = opaque;
            const tab_host_api *api = self->api;
            char line[1024];
            api->text_field(view, "name", self->name, "Your name", 0);
            api->toggle(view, "wifi", "Wi-Fi", self->wifi);
            snprintf(line, sizeof line, "typed=[%s] submitted=[%s] wifi=%d", self->name, self->submitted, self->wifi);
            api->text(view, line);
            snprintf(line, sizeof line, "answer=[%s] acted=[%s] focus=[%s] key=[%s]", self->answer, self->acted, self->focus,
                     self->key);
            api->text(view, line);
            api->progress(view, "Sync", 0.5);
            api->style(view, TAB_STYLE_ERROR | TAB_STYLE_BOLD);
            api->text(view, "Styled warning text");
            const char *headers[] = {"City", "Country"};
            api->columns(view, headers, 2);
            const char *tokyo[] = {"東京", "日本"};
            api->cells(view, tokyo, 2, "tokyo");
            api->row_action(view, "Delete", "delete.tokyo");
            api->row_action(view, "Archive", "archive.tokyo");
            const char *paris[] = {"Paris", "France"};
            api->cells(view, paris, 2, "paris");
            api->button(view, "Ask", "ask");
        }
        static void event(void *opaque, const tab_event *e) {
            form *self = opaque;
            const tab_host_api *api = self->api;
            copy(self->focus, sizeof self->focus, e->focus);
            switch (e->type) {
            case TAB_EVENT_TEXT: copy(self->name, sizeof self->name, e->value); break;
            case TAB_EVENT_SUBMIT:
                copy(self->submitted, sizeof self->submitted, e->value);
                self->name[0] = 0; /* clears the field */
                break;
            case TAB_EVENT_TOGGLE: self->wifi = e->value != NULL && strcmp(e->value, "1") == 0; break;
            case TAB_EVENT_ALERT: copy(self->answer, sizeof self->answer, e->value); break;
            case TAB_EVENT_KEY: snprintf(self->key, sizeof self->key, "%x", e->key); break;
            case TAB_EVENT_ACTION:
                if (strcmp(e->action, "ask") == 0) {
                    const char *buttons[] = {"Yes", "No", "Cancel"};
                    api->alert(self->host, "sure", "Really?", "Pick one.", buttons, 3);
                } else {
                    copy(self->acted, sizeof self->acted, e->action);
                }
                break;
            }
            api->invalidate(self->host);
        }
        static void destroy(void *opaque) { free(opaque); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "form", .version = "1.0", .title = "Form",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """

    /// Starts `tabhost run --isolation none` on the fixture; `body` gets the session.
    func withForm(_ body: (TmuxSession, String) throws -> Void) throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(Self.source, to: modules + "/form.so")
            let layout = try R.writeStackLayout(module: "form", to: scratch + "/layout.json")
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout, "--no-watch", "--isolation", "none"], scratch: scratch))
            try tmux.waitFor("Your name")
            try body(tmux, scratch)
        }
    }

    @Test func typingGoesToTheFocusedFieldQAndDigitsIncludedAndEnterSubmits() throws {
        try withForm { tmux, _ in
            try tmux.sendLiteral("q1 héllo 日本")
            try tmux.waitFor("typed=[q1 héllo 日本]")
            try tmux.send("BSpace")
            try tmux.send("Left")
            try tmux.send("DC")  // Delete: the character after the cursor
            try tmux.waitFor("typed=[q1 héllo ]")
            try tmux.send("C-w")
            try tmux.waitFor("typed=[q1 ]")
            try tmux.send("Enter")
            // The module cleared its copy after the submit: the field empties too.
            let screen = try tmux.waitFor("submitted=[q1 ] wifi=0")
            #expect(screen.contains("typed=[]") && screen.contains("Your name"), "\(screen)")
            #expect(screen.contains("focus=[name]"), "\(screen)")
            try tmux.send("Escape")  // leave the field: q quits again
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func aBracketedPasteIsInsertedWhole() throws {
        try withForm { tmux, _ in
            try tmux.pasteBracketed("pasted\ntext q2")
            // One line field: the newline became a space.
            try tmux.waitFor("typed=[pasted text q2]")
            try tmux.send("C-c")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func toggleRowActionsAndAlert() throws {
        try withForm { tmux, _ in
            try tmux.send("Tab")
            try tmux.send("Space")
            try tmux.waitFor("wifi=1")
            try tmux.send("Down")  // the Tokyo row
            try tmux.send("M-Enter")
            try tmux.waitFor("Archive")
            try tmux.send("Down")
            try tmux.send("Enter")
            let acted = try tmux.waitFor("acted=[archive.tokyo]")
            #expect(acted.contains("focus=[tokyo]"), "\(acted)")
            try tmux.send("Down")
            try tmux.send("Down")  // the Ask button
            try tmux.send("Enter")
            try tmux.waitFor("Pick one.")
            try tmux.send("x")  // nothing but the alert's keys while it shows
            try tmux.send("Right")
            try tmux.send("Enter")
            try tmux.waitFor("answer=[No]")
            try tmux.send("Enter")
            try tmux.waitFor("Pick one.")
            try tmux.send("Escape")  // the last button
            try tmux.waitFor("answer=[Cancel]")
            try tmux.send("Enter")
            try tmux.waitFor("Pick one.")
            try tmux.send("q")  // quits under an alert too
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func tablesAlignAndStylesAndProgressShow() throws {
        try withForm { tmux, _ in
            let screen = try tmux.capture()
            let lines = screen.split(separator: "\n").map(String.init)
            let header = try #require(lines.first { $0.contains("City") && $0.contains("Country") })
            let tokyo = try #require(lines.first { $0.contains("東京") })
            let paris = try #require(lines.first { $0.contains("Paris") })
            func column(_ text: String, _ line: String) -> Int? {
                line.range(of: text).map { CellWidth.of(String(line[..<$0.lowerBound])) }
            }
            #expect(column("Country", header) == column("日本", tokyo))
            #expect(column("Country", header) == column("France", paris))
            #expect(tokyo.contains("⋯"))
            #expect(screen.contains("Sync [") && screen.contains("50%"))
            #expect(screen.contains("Styled warning text"))
            try tmux.send("C-c")
            try tmux.waitFor("STATUS:0")
        }
    }

    /// `q` ends the input: keys after it in the same read are not applied (`q1` used to quit with
    /// tab 1 selected in the saved state).
    @Test func keysAfterQInTheSameReadAreNotApplied() throws {
        try R.withScratch { scratch in
            let state = scratch + "/state.json"
            let tmux = try T(R.runCommand(["--state", state], scratch: scratch))
            try tmux.waitForScreen(RunTweetieTests.isAccounts)
            try tmux.send("Enter")
            try tmux.waitForScreen(RunTweetieTests.isJackFavourites)
            try tmux.send("2")
            try tmux.waitForScreen(RunTweetieTests.isJackMore)
            try tmux.sendLiteral("q1")
            try tmux.waitFor("STATUS:0")
            let saved = try String(contentsOfFile: state, encoding: .utf8)
            #expect(saved.contains("\"selected\":\"more\""), "\(saved)")
        }
    }
}
