import TabKit
import TabLayout
import Testing

/// `Layout.problems` (what `tabhost check-layout` prints) reads on past every problem it can: one
/// problem never hides another, in the same tab, container or document.
struct LayoutAllProblemsTests {
    static let known: Set<String> = ["accounts", "clock"]

    static func problems(_ text: String, knownModules: Set<String>? = known) -> [String] {
        Layout.problems(bytes: Array(text.utf8), file: "l.json", knownModules: knownModules).map(\.description)
    }

    /// The issue's case: a duplicate name used to end its tab, hiding the type error and the unknown
    /// module after it.
    @Test func aDuplicateTabNameHidesNothingAfterIt() {
        let text = """
            {"root": {"tabs": [
              {"name": "a", "module": "accounts"},
              {"name": "a", "customizable": "yes", "module": "nosuch", "isolation": "thread"}
            ]}}
            """
        #expect(
            Self.problems(text) == [
                #"l.json:3:12: duplicate tab name "a" at root.tabs[1].name; tab names must be unique in a container"#,
                #"l.json:3:33: root.tabs[1].customizable must be true or false, found a string"#,
                #"l.json:3:50: unknown module "nosuch" at root.tabs[1].module; known modules: accounts, clock"#,
                #"l.json:3:73: root.tabs[1].isolation must be "process" or "none", found "thread""#,
            ])
    }

    /// A tab without a usable name (missing, empty, not a string) still has its module and values checked.
    @Test(arguments: [
        (#""title": 1"#, #"l.json:1:20: root.tabs[0] is missing the required key "name"; add it"#),
        (#""name": "", "title": 1"#, #"l.json:1:29: root.tabs[0].name must not be empty; fill it in"#),
        (#""name": 5, "title": 1"#, #"l.json:1:29: root.tabs[0].name must be a string, found a number; put the value in double quotes"#),
    ])
    func aTabWithoutANameStillHasItsOtherMembersChecked(members: String, nameProblem: String) {
        let text = #"{"root": {"tabs": [{"# + members + #", "module": "nosuch"}]}}"#
        let problems = Self.problems(text)
        // One problem for the name (a name of the wrong type is not also reported missing), then the rest.
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains(nameProblem), "\(problems)")
        #expect(problems.contains { $0.contains("root.tabs[0].title must be a string, found a number") }, "\(problems)")
        #expect(problems.contains { $0.contains(#"unknown module "nosuch" at root.tabs[0].module"#) }, "\(problems)")
    }

    /// A tab without a module still has its values checked, and leaves its name to the next tab.
    @Test func aTabWithoutAModuleStillHasItsValuesChecked() {
        #expect(
            Self.problems(#"{"root": {"tabs": [{"name": "a", "glyph": 1}, {"name": "a", "module": "clock"}]}}"#) == [
                #"l.json:1:20: root.tabs[0] is missing the required key "module"; add it"#,
                #"l.json:1:43: root.tabs[0].glyph must be a string, found a number; put the value in double quotes"#,
            ])
    }

    /// A container without a list of tabs still has its other keys checked.
    @Test(arguments: [
        (#""bar": "left""#, #"l.json:1:22: templates.@t is missing the required key "tabs"; add "tabs": [{"name": …, "module": …}]"#),
        (
            #""tabs": 3, "bar": "left""#,
            #"l.json:1:31: templates.@t.tabs must be an array, found a number; write it as [{"name": …, "module": …}, …]"#
        ),
    ])
    func aContainerWithoutTabsStillHasItsKeysChecked(members: String, tabsProblem: String) {
        let text = #"{"templates": {"@t": {"# + members + #"}}, "root": {"stack": {"module": "clock"}}}"#
        let column = members.count + 17
        #expect(Self.problems(text) == [tabsProblem, #"l.json:1:\#(column): templates.@t.bar must be "top" or "bottom", found "left""#])
    }

    /// A module node without a name still has its values checked.
    @Test func aModuleNodeWithoutANameStillHasItsValuesChecked() {
        #expect(
            Self.problems(#"{"root": {"stack": {"module": "", "title": 2}}}"#) == [
                #"l.json:1:31: root.stack.module must not be empty; fill it in"#,
                #"l.json:1:44: root.stack.title must be a string, found a number; put the value in double quotes"#,
            ])
    }

    /// A root that cannot be read, or templates that are not an object, leave the rest of the document to check.
    @Test func aBadRootOrBadTemplatesHideNothingElse() {
        #expect(
            Self.problems(#"{"templates": [], "root": {"stack": 1}, "withoutTabs": [1, "nosuch"]}"#) == [
                #"l.json:1:15: templates must be an object of "@name": {"tabs": …}, found an array"#,
                #"l.json:1:37: root.stack must be an object, found a number; "#
                    + #"write it as {"module": …}, {"stack": …} or {"tabs": […]}"#,
                #"l.json:1:57: withoutTabs[0] must be a module name in double quotes, found a number"#,
                #"l.json:1:60: unknown module "nosuch" at withoutTabs[1]; known modules: accounts, clock"#,
            ])
    }

    /// What `tabhost run` reads (`Layout.parse`, which throws the first problem it meets) agrees with
    /// what `check-layout` lists: no problems exactly when it parses, and its error is one of them.
    @Test(arguments: [
        #"{"root": {"tabs": [{"name": "a", "module": "clock"}, {"name": "b", "module": "accounts"}]}}"#,
        #"{"root": {"tabs": [{"name": "a", "module": "clock"}, {"name": "a", "customizable": "x", "module": "nosuch"}]}}"#,
        #"{"root": {"tabs": [{"title": 1, "module": "nosuch"}]}}"#,
        #"{"root": {"tabs": [{"name": "a"}, {"name": "a", "module": "clock"}]}}"#,
        #"{"templates": {"@t": {"bar": "left"}}, "root": {"stack": {"module": "@t"}}, "withoutTabs": [1]}"#,
        #"{"templates": [], "root": {"stack": {"module": "", "title": 2}}}"#,
        #"{"templates": {"@t": {"tabs": [{"name": "x", "module": "@t"}]}}, "root": {"stack": {"module": "@t"}}}"#,
        #"{"root": {"stack": {"module": "clock"}}, "withoutTabs": ["accounts"]}"#,
    ])
    func parseThrowsOneOfTheProblemsAndOnlyWhenThereAreSome(text: String) {
        let problems = Self.problems(text)
        do {
            _ = try Layout.parse(text, file: "l.json", knownModules: Self.known)
            #expect(problems.isEmpty, "\(problems)")
        } catch {
            #expect(problems.contains(error.description), "\(error) not in \(problems)")
        }
    }
}
