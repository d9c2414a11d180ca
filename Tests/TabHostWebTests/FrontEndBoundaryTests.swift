import TabHostTesting
import Testing

/// The browser front end is a client of the host core, like the terminal: the model's neutral types
/// (TabKit), the client interface (TabHostClient) and its server libraries, never the module runtime
/// (TabModules) or the session's wiring (TabHostCore). Its protocol target imports the model only.
struct FrontEndBoundaryTests {
    @Test func tabHostWebImportsOnlyTheModelTheClientInterfaceAndTheServer() throws {
        let allowed: Set<String> = [
            "TabKit", "TabHostClient", "TabHostWebProtocol", "Hummingbird", "HummingbirdWebSocket", "HTTPTypes", "NIOCore", "Logging",
            "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "TabHostConcurrency", "Glibc", "Musl",
        ]
        let (files, imports) = try SourceImports.of(folder: SourceImports.folder(of: "TabHostWeb"))
        #expect(files.count >= 5)
        #expect(imports.isSubset(of: allowed), "unexpected imports: \(imports.subtracting(allowed).sorted())")
        #expect(imports.contains("TabHostClient"))
    }

    @Test func theWebProtocolImportsOnlyTheModel() throws {
        let (files, imports) = try SourceImports.of(folder: SourceImports.folder(of: "TabHostWebProtocol"))
        #expect(files.count == 3)
        #expect(imports.isSubset(of: ["TabKit", "Foundation", "FoundationEssentials"]), "\(imports.sorted())")
    }
}
