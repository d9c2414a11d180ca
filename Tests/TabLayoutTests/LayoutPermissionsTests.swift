import TabKit
import TabLayout
import Testing

/// `"permissions": [...]` on a module node, a tab or a bar module: what the layout's author grants,
/// checked with the descriptor's names and kept in the model (never in the user's grants).
struct LayoutPermissionsTests {
    static let known: Set<String> = ["accounts", "favourites", "accountmore", "fancybar"]

    @Test func nodesTabsAndBarModulesKeepWhatTheyGrant() throws {
        let layout = try Layout.parse(
            """
            {"root": {"stack": {"module": "accounts", "permissions": ["network", "read:~/notes"]}},
             "templates": {"@account": {
                "tabs": [{"name": "f", "module": "favourites", "permissions": ["exec", "exec"]},
                         {"name": "m", "module": "accountmore"},
                         {"name": "a", "module": "accounts", "permissions": ["write:/tmp/x", "network"]}],
                "tabBarModule": {"module": "fancybar", "permissions": []}}}}
            """, knownModules: Self.known)
        #expect(layout.root == .stack(.module(LayoutModule(module: "accounts", permissions: ["network", "read:~/notes"]))))
        #expect(
            layout.grantedPermissions == [
                "accounts": ["network", "read:~/notes", "write:/tmp/x"], "favourites": ["exec"],
            ])
    }

    @Test func withoutTheKeyNothingIsGranted() throws {
        let layout = try Layout.parse(#"{"root": {"stack": {"module": "accounts"}}}"#, knownModules: Self.known)
        #expect(layout.grantedPermissions.isEmpty)
    }

    @Test func eachBadPermissionIsOneProblemWithItsPlace() {
        let text = """
            {"root": {"tabs": [
              {"name": "a", "module": "accounts", "permissions": ["network", "bogus", 3, "read:relative"]},
              {"name": "b", "module": "accounts", "permissions": "exec"}
            ]}}
            """
        let problems = Layout.problems(bytes: Array(text.utf8), file: "l.json", knownModules: Self.known).map(\.description)
        #expect(
            problems == [
                #"l.json:2:66: root.tabs[0].permissions[1]: unknown permission "bogus" "#
                    + "(known: network, system, exec, unrestricted, read:PATH, write:PATH)",
                #"l.json:2:75: root.tabs[0].permissions[2] must be a string, found a number; put it in double quotes"#,
                #"l.json:2:78: root.tabs[0].permissions[3]: permission "read:relative" needs an absolute path or one starting with ~/"#,
                #"l.json:3:54: root.tabs[1].permissions must be an array of permission names, found a string; "#
                    + #"write it as ["network", …]"#,
            ])
    }
}
