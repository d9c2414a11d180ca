import TabHostTesting
import Testing

/// The terminal is a client of the host core: it may see the model's neutral types (TabKit) and the
/// core's client interface (TabHostClient), never the module runtime or the session's wiring.
struct FrontEndBoundaryTests {
    @Test func terminalUIImportsOnlyTheModelAndTheClientInterface() throws {
        let allowed: Set<String> = ["TabKit", "TabHostClient", "_CTerminalShims", "Glibc", "Musl", "Foundation", "Synchronization", "TabHostConcurrency"]
        let (files, imports) = try SourceImports.of(folder: SourceImports.folder(of: "TerminalUI"))
        #expect(files.count > 10)
        #expect(imports.isSubset(of: allowed), "unexpected imports: \(imports.subtracting(allowed).sorted())")
        #expect(imports.contains("TabHostClient"))
    }
}
