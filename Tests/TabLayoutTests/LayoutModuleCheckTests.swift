import TabKit
import TabLayout
import Testing

/// A layout parsed before its modules are known (`knownModules: nil`, as `tabhost run` does on a thread
/// while it lists the module directories), its module names checked afterwards with `namesOnlyModules(where:)`.
struct LayoutModuleCheckTests {
    /// Names a module in each place a layout can: a tab, a tab-bar module, a template's tab, `withoutTabs`.
    static let text = #"""
        {"root": {"tabs": [{"name": "a", "module": "alpha"}, {"name": "l", "module": "@list", "param": "p"}],
                  "tabBarModule": {"module": "bar"}},
         "templates": {"@list": {"tabs": [{"name": "i", "module": "inner"}]}},
         "withoutTabs": ["hidden"]}
        """#
    static let known: Set<String> = ["alpha", "bar", "inner", "hidden"]

    @Test func withEveryNameKnownTheEarlyParseIsTheLayoutParsedWithTheNames() throws {
        let early = try Layout.parse(bytes: Array(Self.text.utf8), knownModules: nil)
        #expect(early.namesOnlyModules(where: Self.known.contains))
        #expect(early == (try Layout.parse(bytes: Array(Self.text.utf8), knownModules: Self.known)))
    }

    @Test(arguments: ["alpha", "bar", "inner", "hidden"])
    func aNameMissingFromTheModulesIsNoticedWhereverItIs(_ missing: String) throws {
        let early = try Layout.parse(bytes: Array(Self.text.utf8), knownModules: nil)
        var known = Self.known
        known.remove(missing)
        #expect(!early.namesOnlyModules(where: known.contains))
        // The parse with the names, which the session then runs, names it.
        #expect {
            _ = try Layout.parse(bytes: Array(Self.text.utf8), knownModules: known)
        } throws: { error in
            (error as? TabKitError)?.description.contains("unknown module \"\(missing)\"") == true
        }
    }

    @Test func anUnknownTemplateIsRefusedEvenWithoutTheModules() {
        let text = #"{"root": {"tabs": [{"name": "a", "module": "@nosuch"}]}}"#
        #expect {
            _ = try Layout.parse(bytes: Array(text.utf8), knownModules: nil)
        } throws: { error in
            (error as? TabKitError)?.description.contains("unknown template \"@nosuch\"") == true
        }
    }
}
