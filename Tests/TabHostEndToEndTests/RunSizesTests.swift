import Foundation
import TabHostTesting
import Testing

/// The demo at several terminal sizes, a live resize, and wide (CJK) text keeping the detail column aligned.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunSizesTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static func isAccountScreen(_ screen: String, width: Int, height: Int) -> Bool {
        let lines = T.lines(of: screen)
        guard lines.count >= height, let bar = lines[..<height].last(where: { !$0.isEmpty }) else { return false }
        return lines[0].hasPrefix("‹ Accounts") && lines[0].hasSuffix("Jack") && CellWidth.of(lines[1]) == width
            && bar.contains("Favourites (4)") && bar.contains("More") && lines.firstIndex(of: bar) == height - 1
    }

    @Test(arguments: [(80, 24), (200, 60)])
    func theDemoFitsTheTerminal(size: (Int, Int)) throws {
        let (width, height) = size
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch), width: width, height: height)
            try tmux.waitFor("Jack")
            try tmux.send("Enter")
            try tmux.waitForScreen { Self.isAccountScreen($0, width: width, height: height) }
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    /// The nearest thing to rotation (rule 43 of docs/container-rules.md, not implemented): only the
    /// front end lays the screen out again.
    @Test func aResizeRepaintsAtTheNewSize() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch), width: 100, height: 30)
            try tmux.waitFor("Jack")
            try tmux.send("Enter")
            try tmux.waitForScreen { Self.isAccountScreen($0, width: 100, height: 30) }
            try tmux.resize(width: 70, height: 20)
            try tmux.waitForScreen { Self.isAccountScreen($0, width: 70, height: 20) }
            try tmux.resize(width: 120, height: 40)
            try tmux.waitForScreen { Self.isAccountScreen($0, width: 120, height: 40) }
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func wideCharactersKeepTheDetailColumnAligned() throws {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(
                R.moduleSource(
                    name: "wide", title: "Wide",
                    body: #"""
                        api->row(view, "東京タワー", "高さ333m", "a");
                        api->row(view, "Plain row", "ok", "b");
                        api->row(view, "混合 mixed 文字", "詳細", "c");
                        """#),
                to: modules + "/wide.so")
            let layout = try R.writeStackLayout(module: "wide", to: scratch + "/layout.json")
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout, "--no-watch"], scratch: scratch), width: 60, height: 12)
            let screen = try tmux.waitFor("混合")
            let rows = T.lines(of: screen).filter { $0.contains("東京") || $0.contains("Plain row") || $0.contains("混合") }
            #expect(rows.count == 3, "\(screen)")
            // Every row ends at the same column: the detail (and chevron) column is right-aligned in cells.
            let ends = rows.map { CellWidth.of($0) }
            #expect(Set(ends).count == 1 && ends.first! <= 60, "\(ends)\n\(screen)")
            #expect(rows[0].contains("高さ333m") && rows[2].contains("詳細"), "\(screen)")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
