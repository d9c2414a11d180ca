import FoundationEssentials
import TabHostTesting
import TabKit
import TabLayout
import Testing

/// Restoration: rules 41, 42 of docs/container-rules.md (selection by name, stack paths, fallback by the removal rule).
@Suite(.blocking)
struct RestorationTests {
    static let modules: Set<String> = ["alpha", "beta", "gamma", "delta", "detail"]

    static func layout(_ names: [String]) -> String {
        let tabs = names.map { #"{"name":"\#($0)","module":"\#(["a": "alpha", "b": "beta", "c": "gamma", "d": "delta"][$0]!)"}"# }
        return #"{"root":{"tabs":[\#(tabs.joined(separator: ","))]}}"#
    }

    static func host(_ names: [String], _ log: Log) throws -> ContainerHost {
        let factory = TableFactory(log, modules: modules)
        return ContainerHost(layout: try Layout.parse(layout(names), knownModules: modules), factory: factory)
    }

    /// Rule 41.
    @Test func theSelectionIsSavedByNameWithEachStacksPathAndState() throws {
        let log = Log()
        let host = try Self.host(["a", "b", "c"], log)
        host.start()
        let tabs = try #require(host.root as? TabContainer)
        tabs.select(name: "b")
        let detail = try #require(try host.push(module: "detail", param: "42", onto: tabs.selectedTab?.stack) as? Rec)
        detail.state = [1, 2, 255]
        let saved = String(decoding: host.saveRestoration(), as: UTF8.self)
        #expect(
            saved
                == #"{"root":{"tabs":{"index":1,"moreList":false,"order":["a","b","c"],"selected":"b","stacks":{"#
                + #""a":[{"module":"alpha","param":null}],"#
                + #""b":[{"module":"beta","param":null},{"module":"detail","param":"42","state":"AQL/"}]}}},"version":2}"#
        )

        let log2 = Log()
        let restored = try Self.host(["a", "b", "c"], log2)
        #expect(try restored.restore(from: Data(saved.utf8)) == [])
        #expect(
            log2.take() == [
                "make(beta)", "beta.willMove(stack)", "beta.didMove(stack)", "beta.start(nil)", "make(detail)",
                "detail.start(42)", "detail.restoreState([1, 2, 255])", "detail.willMove(stack)", "detail.didMove(stack)",
            ])
        restored.start()
        #expect(log2.appearance() == ["detail.loaded", "detail.willAppear", "detail.didAppear"])
        #expect(restored.screen.title == "detail")
        #expect(restored.screen.backLabel == "beta")
        #expect(restored.screen.tabBar?.items.map { $0.title + ($0.isSelected ? "*" : "") } == ["a", "beta*", "c"])
    }

    @Test(arguments: [
        (["a", "c", "d"], "c"),  // "b" is gone: the same index
        (["a"], "a"),  // the same index is gone too: the last
        (["c", "b", "a"], "b"),  // by name, wherever it moved
    ])
    func rule42AMissingSavedNameFallsBackByTheRemovalRule(newTabs: [String], expected: String) throws {
        let log = Log()
        let host = try Self.host(["a", "b", "c"], log)
        host.start()
        (host.root as? TabContainer)?.select(name: "b")
        let data = host.saveRestoration()

        let restored = try Self.host(newTabs, Log())
        try restored.restore(from: data)
        #expect((restored.root as? TabContainer)?.selectedTab?.name == expected)
    }

    @Test func aRefusedStateIsReportedAndTheScreenStartsFresh() throws {
        let host = try Self.host(["a"], Log())
        host.start()
        let detail = try #require(
            try host.push(module: "detail", param: "1", onto: (host.root as? TabContainer)?.selectedTab?.stack) as? Rec)
        detail.state = [7]
        let factory = TableFactory(Log(), modules: Self.modules)
        factory.setUp["detail"] = { $0.acceptsState = false }
        let restored = ContainerHost(layout: try Layout.parse(Self.layout(["a"]), knownModules: Self.modules), factory: factory)
        #expect(
            try restored.restore(from: host.saveRestoration())
                == [TabKitError(.invalidValue, "restoration data: \"detail\" refused its saved state; it starts fresh")])
        #expect((restored.root as? TabContainer)?.selectedTab?.stack?.stack.count == 2)
    }

    /// The refused bytes go to the host's handler (the session keeps them beside the state file).
    @Test func aRefusedStateIsHandedOverToBeKept() throws {
        let host = try Self.host(["a"], Log())
        host.start()
        let detail = try #require(
            try host.push(module: "detail", param: "1", onto: (host.root as? TabContainer)?.selectedTab?.stack) as? Rec)
        detail.state = [7, 9]
        let factory = TableFactory(Log(), modules: Self.modules)
        factory.setUp["detail"] = { $0.acceptsState = false }
        let restored = ContainerHost(layout: try Layout.parse(Self.layout(["a"]), knownModules: Self.modules), factory: factory)
        var kept: [(String, [UInt8])] = []
        restored.refusedStateHandler = { module, bytes in
            kept.append((module, bytes))
            return "/kept/detail.state"
        }
        let problems = try restored.restore(from: host.saveRestoration())
        #expect(
            problems.map(\.description) == [
                "restoration data: \"detail\" refused its saved state; it starts fresh (the state is kept in /kept/detail.state)"
            ])
        #expect(kept.map(\.0) == ["detail"] && kept.map(\.1) == [[7, 9]])
    }

    /// The layout now makes tab "a" from another module: the path saved over the old root is dropped.
    @Test func aPathSavedOverAnotherRootModuleIsNotRestored() throws {
        let host = try Self.host(["a"], Log())
        host.start()
        try host.push(module: "detail", param: "1", onto: (host.root as? TabContainer)?.selectedTab?.stack)
        let log = Log()
        let text = #"{"root":{"tabs":[{"name":"a","module":"gamma"}]}}"#
        let restored = ContainerHost(
            layout: try Layout.parse(text, knownModules: Self.modules), factory: TableFactory(log, modules: Self.modules))
        #expect(try restored.restore(from: host.saveRestoration()) == [])
        restored.start()
        #expect(restored.screen.title == "gamma" && restored.screen.backLabel == nil)
        #expect(!log.take().contains("make(detail)"))
    }

    /// The More list comes back, and so does the tab it returns to when More goes away (rule 27).
    @Test func theMoreListAndItsPreviousTabAreRestored() throws {
        let f = TabFixture(["A", "B", "C", "D", "E"], capacity: 3)
        f.tabs.select(index: 1)
        f.host.apply(.selectTab(2))
        let restored = TabFixture(["A", "B", "C", "D", "E"], capacity: 3, start: false)
        #expect(try restored.host.restore(from: f.host.saveRestoration()) == [])
        restored.host.start()
        #expect(restored.bar == ["A", "B", "More*"])
        #expect(restored.host.screen.title == "More")
        restored.tabs.capacity = 0
        #expect(restored.bar == ["A", "B*", "C", "D", "E"])
    }

    /// Rules 26 and 41: the order the user made is part of the state.
    @Test func theUsersTabOrderIsRestored() throws {
        let host = try Self.host(["a", "b", "c", "d"], Log())
        let tabs = try #require(host.root as? TabContainer)
        tabs.beginCustomizing()
        tabs.moveTab(from: 3, to: 0)
        tabs.endCustomizing()
        let restored = try Self.host(["a", "b", "c", "d"], Log())
        try restored.restore(from: host.saveRestoration())
        #expect((restored.root as? TabContainer)?.tabs.map(\.name) == ["d", "a", "b", "c"])
        #expect((restored.root as? TabContainer)?.selectedTab?.name == "a")
    }

    @Test func aPushedTemplateContainerAndItsSelectionComeBack() throws {
        let modules: Set<String> = ["accounts", "favourites", "accountmore"]
        let text = """
            {"root": {"stack": {"module": "accounts"}},
             "templates": {"@account": {"tabs": [{"name": "favourites", "module": "favourites"},
                                                  {"name": "account", "module": "accountmore"}]}}}
            """
        let layout = try Layout.parse(text, knownModules: modules)
        let host = ContainerHost(layout: layout, factory: TableFactory(Log(), modules: modules))
        host.start()
        let container = try #require(try host.push(module: "@account", param: "Jack") as? TabContainer)
        container.select(name: "account")

        let log = Log()
        let restored = ContainerHost(layout: layout, factory: TableFactory(log, modules: modules))
        try restored.restore(from: host.saveRestoration())
        restored.start()
        #expect(restored.screen.title == "Jack")
        #expect(restored.screen.backLabel == "accounts")
        #expect(restored.screen.tabBar?.items.map(\.isSelected) == [false, true])
        #expect(restored.screen.content == ViewTree([.text("accountmore content")]))
        #expect(log.take().contains("accountmore.start(Jack)"))
    }

    @Test func aModuleThatNoLongerExistsEndsThatStacksPathAndIsReported() throws {
        let host = try Self.host(["a"], Log())
        host.start()
        let stack = (host.root as? TabContainer)?.selectedTab?.stack
        try host.push(module: "detail", param: "1", onto: stack)
        try host.push(module: "gamma", param: "2", onto: stack)
        let data = host.saveRestoration()

        let factory = TableFactory(Log(), modules: ["alpha", "gamma"])
        let restored = ContainerHost(layout: try Layout.parse(Self.layout(["a"]), knownModules: Self.modules), factory: factory)
        let problems = try restored.restore(from: data)
        #expect(problems == [TabKitError(.factoryFailed, "restoration: unknown module \"detail\"; the stack was restored up to it")])
        #expect((restored.root as? TabContainer)?.selectedTab?.stack?.stack.count == 1)
    }

    @Test(arguments: [
        (
            "nope",
            TabKitError(
                .malformedJSON,
                "restoration data:1:2: malformed JSON: unexpected character 'o'; expected null; delete the file to start fresh")
        ),
        ("{}", TabKitError(.missingKey, "restoration data: missing \"root\"; delete the file to start fresh")),
        (
            #"{"root": {"stack": 5}}"#,
            TabKitError(.invalidValue, "restoration data: root.stack has the wrong shape; delete the file to start fresh")
        ),
        (
            #"{"root": {"tabs": {"index": "one"}}}"#,
            TabKitError(.invalidValue, "restoration data: root.tabs.index has the wrong shape; delete the file to start fresh")
        ),
    ])
    func badRestorationDataIsAnErrorAndChangesNothing(text: String, error: TabKitError) throws {
        let host = try Self.host(["a", "b"], Log())
        #expect(throws: error) { try host.restore(from: Data(text.utf8)) }
        #expect((host.root as? TabContainer)?.selectedIndex == 0)
    }
}
