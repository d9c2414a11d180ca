import Foundation
import TabHostTesting
import Testing

/// `tabhost run --modules DIR` without `--layout`: one tab per content module; with a layout, the
/// modules it does not place get a tab in its `acceptsNewModules` container at start.
@Suite(.tags(.tmux, .slow), .selectedByTags, .hangGuard, .blocking)
struct RunWithoutLayoutTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    static func bar(_ screen: String) -> String { T.lines(of: screen).last { !$0.isEmpty } ?? "" }

    /// Three content modules (alpha, beta, gamma) in a fresh directory.
    static func modules(in scratch: String) throws -> String {
        let modules = scratch + "/mods"
        mkdir(modules, 0o700)
        for (name, title) in [("alpha", "Alpha"), ("beta", "Beta"), ("gamma", "Gamma")] {
            try R.compile(
                R.moduleSource(name: name, title: title, body: #"api->text(view, "this is \#(name)");"#), to: "\(modules)/\(name).so")
        }
        return modules
    }

    @Test func aTabPerContentModule() throws {
        try R.withScratch { scratch in
            let modules = try Self.modules(in: scratch)
            let tmux = try T(R.runCommand(["--modules", modules], scratch: scratch))
            let first = try tmux.waitFor("this is alpha")
            for title in ["Alpha", "Beta", "Gamma"] { #expect(Self.bar(first).contains(title), "\(first)") }
            try tmux.send("3")
            try tmux.waitFor("this is gamma")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }

    @Test func modulesTheLayoutDoesNotPlaceJoinItsAcceptingContainerAtStart() throws {
        try R.withScratch { scratch in
            let modules = try Self.modules(in: scratch)
            let layout = scratch + "/layout.json"
            try #"""
            {"root": {"tabs": [{"name": "a", "module": "alpha"}], "acceptsNewModules": true}, "withoutTabs": ["gamma"]}
            """#.write(toFile: layout, atomically: true, encoding: .utf8)
            let tmux = try T(R.runCommand(["--modules", modules, "--layout", layout], scratch: scratch))
            let screen = try tmux.waitFor("this is alpha")
            #expect(Self.bar(screen).contains("Beta"), "beta, present at start, has a tab:\n\(screen)")
            #expect(!Self.bar(screen).contains("Gamma"), "withoutTabs keeps gamma out:\n\(screen)")
            try tmux.send("2")
            try tmux.waitFor("this is beta")
            try tmux.send("q")
            try tmux.waitFor("STATUS:0")
        }
    }
}
