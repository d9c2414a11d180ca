import Foundation
import TabHostTesting
import Testing

/// A module's text the terminal draws wider than the host measures it (an emoji with a skin-tone
/// modifier, a script newer than the host's tables: one column to the host, two or three to tmux) once
/// spilled past the right edge: on the tab bar's row it scrolled the whole screen away, elsewhere it put
/// the module's text over the host's next row, or shifted the rest of its row over the host's own.
/// Autowrap is off while the host draws, and the cell after any such character is placed by position.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunWideClusterTests {
    /// Each in octal escapes (C and printf), with its first scalar: a cluster (U+261D U+1F3FD), and one
    /// scalar of Khitan (U+18B00), which the host counts one column and tmux two.
    static let characters: [(escaped: String, first: Unicode.Scalar)] = [
        ("\\342\\230\\235\\360\\237\\217\\275", "\u{261D}"), ("\\360\\230\\254\\200", "\u{18B00}"),
    ]

    /// Sets its title (its tab's item on the bar) to 35 characters and "PWNED"; shows a row of 75 ending
    /// "ROW-END" (82 columns to the host, 157 or more to tmux) and a row "next row".
    static func spill(_ character: String) -> String {
        """
        #include "tab_module.h"
        #define U "\(character)"
        #define U5 U U U U U
        #define U25 U5 U5 U5 U5 U5
        static const tab_host_api *api;
        static tab_host *host;
        static void *create(const tab_host_api *a, tab_host *h) { api = a; host = h; return (void *)1; }
        static void render(void *self, tab_view *view) {
            (void)self;
            api->set_title(host, U25 U5 U5 "PWNED");
            api->text(view, U25 U25 U25 "ROW-END");
            api->text(view, "next row");
        }
        static void destroy(void *self) { (void)self; }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "spill", .version = "1.0", .title = "Spill",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)
        """
    }

    @Test(arguments: [0, 1])
    func aCharacterTheTerminalDrawsWiderStaysInItsCell(_ index: Int) throws {
        let (escaped, first) = Self.characters[index]
        try RunSupport.withScratch { scratch in
            // The control: this tmux draws the character wider than the one column the host counts.
            let probe = try TmuxSession("printf '\(escaped)|'; sleep 30", width: 40, height: 5)
            _ = try probe.waitFor("|")
            #expect(Int(try probe.paneValue("#{cursor_x}")) ?? 0 > 2)

            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try RunSupport.compile(Self.spill(escaped), to: modules + "/spill.so")
            let tmux = try TmuxSession(RunSupport.runCommand(["--modules", modules, "--no-watch"], scratch: scratch))
            let screen = try tmux.waitFor("next row")
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            func hasCharacter(_ row: String) -> Bool { row.unicodeScalars.contains(first) }
            // The title bar is still on the first row: nothing scrolled the screen away. (Where the terminal
            // draws a character wider than its cell, the next cell's character overwrites its second half,
            // and some terminals then blank it: the title's end is what is sure to show.)
            #expect(rows.first?.contains("PWNED") == true, "\(screen)")
            // The long row ends in its own row, where the host put its end (not shifted past the edge); the
            // next row is whole; no other row holds the module's characters but the tab bar's.
            let long = try #require(rows.firstIndex { $0.contains("ROW-END") }, "\(screen)")
            #expect(rows[long + 1].contains("next row") && !hasCharacter(rows[long + 1]), "\(screen)")
            let bar = try #require(rows.lastIndex { $0.contains { !$0.isWhitespace } })
            for (index, row) in rows.enumerated() where ![0, long, bar].contains(index) {
                #expect(!hasCharacter(row) && !row.contains("PWNED") && !row.contains("ROW-END"), "row \(index): \(screen)")
            }
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(RunSupport.line(containing: "STATUS:", in: done) == "STATUS:0")
        }
    }
}
