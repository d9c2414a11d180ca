import Foundation
import Testing

/// The browser front end is a client of the host core, like the terminal: the model's neutral types
/// (TabKit), the client interface (TabHostClient) and its server libraries, never the module runtime
/// (TabModules) or the session's wiring (TabHostCore).
struct FrontEndBoundaryTests {
    static let sources: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Sources/TabHostWeb").path
    }()

    @Test func tabHostWebImportsOnlyTheModelTheClientInterfaceAndTheServer() throws {
        let allowed: Set<String> = [
            "TabKit", "TabHostClient", "Hummingbird", "HummingbirdWebSocket", "HTTPTypes", "NIOCore", "Logging",
            "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Musl",
        ]
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 5)
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
