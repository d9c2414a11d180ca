import Foundation
import TabHostTesting
import TabKit
import Testing

@testable import TabModuleLoading

/// Many reloads in a row: no crash, state kept every time, old C images closed and their copies deleted.
///
/// The memory these reloads cost is measured by `Scripts/bench` (its memory rows), not here: the test process's
/// RSS counts every test running beside this one.
@Suite(.serialized)
struct HotReloadCycleTests {
    /// Copies `source` to `build/NAME` and renames it into the watched directory as `file`.
    static func drop(_ h: ReloadHarness, _ source: String, as file: String, index: Int) throws {
        let staged = h.build + "/stage-\(index).so"
        try FileManager.default.copyItem(atPath: source, toPath: staged)
        try h.rename(staged, to: file)
    }

    @Test func twoHundredCReloads() throws {
        let h = try ReloadHarness(initial: [ReloadSource(name: "alpha")], tabs: [("one", "alpha")])
        var builds: [String] = []
        for version in ["a", "b"] {
            var source = ReloadSource(name: "alpha")
            source.version = version
            builds.append(try h.fixture.compile("build/alpha-\(version).so", source: source.source))
        }
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 7)
        var copies: [String] = []
        for cycle in 0..<200 {
            let version = cycle % 2 == 0 ? "a" : "b"
            try Self.drop(h, builds[cycle % 2], as: "alpha.so", index: cycle)
            let messages = h.pump().map(\.message)
            #expect(messages == ["reloaded alpha v\(version)"], "cycle \(cycle)")
            #expect(h.visibleText == "hello v\(version) count=\(7 + cycle) param=-", "cycle \(cycle)")
            h.increment(visible, times: 1)
            copies.append(h.registry.module(named: "alpha")!.copyPath)
        }
        // Every replaced C image is unmapped and its private copy deleted; only the current one stays.
        for copy in copies.dropLast() {
            #expect(!ReloadHarness.mapped(copy), "\(copy) still mapped")
            #expect(access(copy, F_OK) != 0, "\(copy) still in the cache")
        }
        #expect(ReloadHarness.mapped(copies.last!))
        let cached = try FileManager.default.contentsOfDirectory(atPath: h.copies.directory)
        #expect(cached == [URL(fileURLWithPath: copies.last!).lastPathComponent])
    }

    @Test func swiftCounterReloads() throws {
        let counter = Products.directory + "/libTabExampleCounter.so"
        try #require(access(counter, R_OK) == 0, "build the example first: swift build --product TabExampleCounter")
        let h = try ReloadHarness(initial: [ReloadSource(name: "alpha")], tabs: [("one", "alpha")])
        // Its tab image resolves next to the module file.
        let resources = "TabHost_TabExampleCounter.resources"
        try FileManager.default.createSymbolicLink(
            atPath: h.modules + "/" + resources, withDestinationPath: Products.directory + "/" + resources)
        // Two byte-different copies: the second has bytes appended (ignored by the ELF loader).
        let first = h.build + "/counter-a.so"
        let second = h.build + "/counter-b.so"
        try FileManager.default.copyItem(atPath: counter, toPath: first)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: counter))
        bytes.append(contentsOf: Array("appended".utf8))
        try bytes.write(to: URL(fileURLWithPath: second))
        try Self.drop(h, first, as: "counter.so", index: 0)
        #expect(h.pump().map(\.message) == ["added counter v1.0"])
        #expect(h.container.select(name: "counter"))
        let controller = try #require(h.controllers("counter").first)
        h.increment(controller, times: 3)
        let cycles = 200
        for cycle in 1...cycles {
            try Self.drop(h, cycle % 2 == 0 ? first : second, as: "counter.so", index: cycle)
            #expect(h.pump().map(\.message) == ["reloaded counter v1.0"], "cycle \(cycle)")
            h.increment(controller, times: 1)
        }
        let rows = controller.render().nodes.compactMap { node -> String? in
            if case .row(let row) = node, row.title == "Value" { return row.detail }
            return nil
        }
        #expect(rows == ["\(3 + cycles)"])
        // Swift images stay mapped (resident) but their private copies are deleted once replaced.
        let cached = try FileManager.default.contentsOfDirectory(atPath: h.copies.directory)
        #expect(cached.filter { $0.hasPrefix("counter.") }.count == 1)
    }
}
