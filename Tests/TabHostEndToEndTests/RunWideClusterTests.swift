import Foundation
import TabHostTesting
import Testing

/// A module's text the terminal draws wider than the host measures it (an emoji with a skin-tone
/// modifier: one column to the host, two to tmux) once spilled past the right edge: on the tab bar's row
/// it scrolled the whole screen away, elsewhere it put the module's text over the host's next row.
/// Autowrap is off while the host draws, and each such cluster's next cell is placed by position.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunWideClusterTests {
    static let cluster = "\\342\\230\\235\\360\\237\\217\\275"  // U+261D U+1F3FD, in octal escapes (C and printf)

    /// Sets its title (its tab's item on the bar) to 35 clusters and "PWNED"; shows a row of 75 clusters
    /// ending "ROW-END" (82 columns to the host, 157 to tmux) and a row "next row".
    static let spill = """
        #include "tab_module.h"
        #define U "\(cluster)"
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

    @Test func aClusterTheTerminalDrawsWiderStaysInItsRow() throws {
        try RunSupport.withScratch { scratch in
            // The control: this tmux draws the cluster wider than the one column the host counts.
            let probe = try TmuxSession("printf '\(Self.cluster)|'; sleep 30", width: 40, height: 5)
            _ = try probe.waitFor("|")
            #expect(Int(try probe.paneValue("#{cursor_x}")) ?? 0 > 2)

            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try RunSupport.compile(Self.spill, to: modules + "/spill.so")
            let tmux = try TmuxSession(RunSupport.runCommand(["--modules", modules, "--no-watch"], scratch: scratch))
            let screen = try tmux.waitFor("next row")
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The title bar is still on the first row: nothing scrolled the screen away.
            func hasCluster(_ row: String) -> Bool { row.unicodeScalars.contains("\u{261D}") }
            #expect(rows.first.map(hasCluster) == true, "\(screen)")
            // The long row ends in its own row, where the host put its end; the next row is whole.
            let long = try #require(rows.firstIndex { $0.contains("ROW-END") }, "\(screen)")
            #expect(rows[long + 1].contains("next row") && !hasCluster(rows[long + 1]), "\(screen)")
            #expect(rows.filter(hasCluster).count == 3, "the title bar, the row and the tab bar: \(screen)")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(RunSupport.line(containing: "STATUS:", in: done) == "STATUS:0")
        }
    }
}
