import Foundation
import TabHostTesting
import Testing

/// Layouts/fancy.json: the example `fancybar` module draws the bar itself (top, every tab at once);
/// digits select tabs through it.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunTabBarModuleTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    @Test func theFancyBarDrawsEveryTabAndDigitsSelect() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand(["--layout", Products.repositoryRoot + "/Layouts/fancy.json"], scratch: scratch))
            // The bar is at the top (under the title bar) and names all four tabs on one line, once the bar
            // module's first view came from its child (until then its title holds the place).
            let drawsEveryTab = { (line: String) in ["Launcher", "Clock", "Counter", "Favourites"].allSatisfy { line.contains($0) } }
            let first = try tmux.waitForScreen { $0.contains("Add a tab") && T.lines(of: $0).contains(where: drawsEveryTab) }
            let lines = T.lines(of: first)
            let barIndex = lines.firstIndex(where: drawsEveryTab)
            #expect(barIndex != nil && barIndex! < 5, "\(first)")
            try tmux.send("2")
            try tmux.waitFor("Local time")
            try tmux.send("4")
            try tmux.waitFor("Jack's favourites")
            try tmux.send("1")
            try tmux.waitFor("Add a tab")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
