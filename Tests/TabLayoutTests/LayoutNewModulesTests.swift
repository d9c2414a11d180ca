import TabHostTesting
import TabKit
import TabLayout
import Testing

/// Modules the layout does not place: a layout without a file, `withoutTabs`, and the tabs
/// `offerNewModules` adds to the container with `acceptsNewModules` (at start, or when a template is pushed).
struct LayoutNewModulesTests {
    static let known: Set<String> = ["home", "clock", "notes", "detail"]

    @Test func withoutTabsParsesAndCountsAsPlaced() throws {
        let text = #"{"root": {"stack": {"module": "home"}}, "withoutTabs": ["detail"]}"#
        let layout = try Layout.parse(text, knownModules: Self.known)
        #expect(layout.withoutTabs == ["detail"])
        #expect(layout.placedModules == ["home", "detail"])
    }

    @Test(arguments: [
        (
            #"{"root":{"stack":{"module":"home"}},"withoutTabs":"detail"}"#,
            "layout.json:1:51: withoutTabs must be an array of module names, found a string"
        ),
        (
            #"{"root":{"stack":{"module":"home"}},"withoutTabs":[1]}"#,
            "layout.json:1:52: withoutTabs[0] must be a module name in double quotes, found a number"
        ),
        (
            #"{"root":{"stack":{"module":"home"}},"withoutTabs":["detial"]}"#,
            "layout.json:1:52: unknown module \"detial\" at withoutTabs[0]; known modules: clock, detail, home, notes"
        ),
    ])
    func aBadWithoutTabsIsOneLine(_ text: String, _ message: String) {
        #expect(throws: TabKitError.self) { try Layout.parse(text, knownModules: Self.known) }
        do {
            _ = try Layout.parse(text, knownModules: Self.known)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func withoutALayoutFileEachModuleIsATabOfOneAcceptingContainer() throws {
        let log = Log()
        let host = ContainerHost(layout: Layout.tabs(forModules: ["home", "clock"]), factory: TableFactory(log, modules: Self.known))
        host.start()
        let root = try #require(host.root as? TabContainer)
        #expect(root.tabs.map(\.name) == ["home", "clock"])
        #expect(host.newModulesContainer === root)
        #expect(log.take().filter { $0.hasPrefix("make") } == ["make(home)"], "tabs stay lazy")
    }

    @Test func offeredModulesAreAppendedLazilyWithoutChangingTheSelection() throws {
        let log = Log()
        let text = #"{"root": {"tabs": [{"name": "h", "module": "home"}], "acceptsNewModules": true}}"#
        let host = ContainerHost(layout: try Layout.parse(text, knownModules: Self.known), factory: TableFactory(log, modules: Self.known))
        host.start()
        _ = log.take()
        host.offerNewModules(["clock", "home", "notes"])
        let root = try #require(host.root as? TabContainer)
        #expect(root.tabs.map(\.name) == ["h", "clock", "notes"], "home has a tab already")
        #expect(root.selectedIndex == 0)
        #expect(log.take().filter { $0.hasPrefix("make") } == [])
        host.offerNewModules(["clock"])
        #expect(root.tabs.count == 3)
    }

    @Test func aTemplatePushedLaterGetsTheOfferedModulesAndAWithdrawnOneGoes() throws {
        let log = Log()
        let text =
            #"{"root":{"stack":{"module":"home"}},"templates":{"@dock":{"tabs":[{"name":"c","module":"clock"}],"acceptsNewModules":true}}}"#
        let host = ContainerHost(layout: try Layout.parse(text, knownModules: Self.known), factory: TableFactory(log, modules: Self.known))
        host.start()
        host.offerNewModules(["notes", "detail"])
        host.withdrawNewModule("detail")
        let dock = try #require(try host.push(module: "@dock", param: "Dock") as? TabContainer)
        #expect(dock.tabs.map(\.name) == ["c", "notes"])
        #expect(dock.selectedIndex == 0)
    }
}
