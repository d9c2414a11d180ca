import Foundation
import Testing

/// The terminal is a client of the host core: it may see the model's neutral types (TabKit) and the
/// core's client interface (TabHostClient), never the module runtime or the session's wiring.
struct FrontEndBoundaryTests {
    static let sources: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/TerminalUI").path
    }()

    @Test func terminalUIImportsOnlyTheModelAndTheClientInterface() throws {
        let allowed: Set<String> = ["TabKit", "TabHostClient", "_CTerminalShims", "Glibc", "Musl", "Foundation", "Synchronization"]
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        var imports: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                imports.insert(String(line.split(separator: " ").last!))
            }
        }
        #expect(imports.isSubset(of: allowed), "unexpected imports: \(imports.subtracting(allowed).sorted())")
        #expect(imports.contains("TabHostClient"))
    }
}
