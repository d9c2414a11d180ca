import TabKit
import TabLayout
import Testing

/// `"isolation": "none"` on a module node, a tab or a bar module marks that module trusted to run in
/// the host's process; "process" (the default) and nothing else is accepted besides.
struct LayoutIsolationTests {
    static let known: Set<String> = ["accounts", "favourites", "accountmore", "fancybar"]

    @Test func nodesTabsAndBarModulesCanTrustTheirModule() throws {
        let layout = try Layout.parse(
            """
            {"root": {"stack": {"module": "accounts", "isolation": "none"}},
             "templates": {"@account": {
                "tabs": [{"name": "f", "module": "favourites", "isolation": "none"},
                         {"name": "m", "module": "accountmore", "isolation": "process"}],
                "tabBarModule": {"module": "fancybar", "isolation": "none"}}}}
            """, knownModules: Self.known)
        #expect(layout.inProcessModules == ["accounts", "favourites", "fancybar"])
        #expect(layout.root == .stack(.module(LayoutModule(module: "accounts", runsInProcess: true))))
    }

    @Test func withoutTheKeyEveryModuleIsIsolated() throws {
        let layout = try Layout.parse(#"{"root": {"stack": {"module": "accounts"}}}"#, knownModules: Self.known)
        #expect(layout.inProcessModules.isEmpty)
    }

    @Test func anotherValueIsOneLineNamingThePlace() {
        #expect {
            _ = try Layout.parse(#"{"root": {"stack": {"module": "accounts", "isolation": "thread"}}}"#, knownModules: Self.known)
        } throws: { error in
            "\(error)".contains(#"root.stack.isolation must be "process" or "none", found "thread""#)
        }
    }
}
