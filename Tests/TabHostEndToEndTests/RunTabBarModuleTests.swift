import Foundation
import TabHostTesting
import Testing

/// Layouts/fancy.json: the example `fancybar` module draws the bar itself (top, every tab at once);
/// digits select tabs through it.
@Suite(.tags(.tmux, .slow), .selectedByTags, .timeLimit(.minutes(2)))
struct RunTabBarModuleTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    @Test func theFancyBarDrawsEveryTabAndDigitsSelect() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand(["--layout", Products.repositoryRoot + "/Layouts/fancy.json"], scratch: scratch))
            let first = try tmux.waitFor("Add a tab")
            let lines = T.lines(of: first)
            // The bar is at the top (under the title bar) and names all four tabs on one line.
            let barIndex = lines.firstIndex { line in ["Launcher", "Clock", "Counter", "Favourites"].allSatisfy { line.contains($0) } }
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
