import TabHostTesting
import TabKit
import TabLayout
import Testing

/// The layout file: schema, building a host from it, and one clear error per bad file.
struct LayoutTests {
    static let known: Set<String> = ["accounts", "favourites", "accountmore", "fancybar"]

    static let tweetie = """
        {
          "root": {"stack": {"module": "accounts", "param": "all"}},
          "templates": {
            "@account": {
              "tabs": [
                {"name": "favourites", "module": "favourites", "title": "Favourites", "glyph": "★"},
                {"name": "account", "module": "accountmore", "title": "Account", "glyph": "@", "customizable": false}
              ],
              "bar": "top", "capacity": 0, "style": "compact", "tabBarModule": {"module": "fancybar"},
              "acceptsNewModules": true, "popsToRootOnReselect": false
            }
          }
        }
        """

    /// `popsToRootOnReselect` is rule 19's switch, `customizable` rule 25's flag.
    @Test func aValidLayoutParsesToItsModel() throws {
        let layout = try Layout.parse(Self.tweetie, knownModules: Self.known)
        #expect(layout.root == .stack(.module(LayoutModule(module: "accounts", param: "all"))))
        #expect(
            layout.templates["@account"]
                == LayoutTabContainer(
                    tabs: [
                        LayoutTab(name: "favourites", module: "favourites", title: "Favourites", glyph: "★"),
                        LayoutTab(name: "account", module: "accountmore", title: "Account", glyph: "@", isCustomizable: false),
                    ], bar: .top, capacity: 0, style: "compact", tabBarModule: LayoutModule(module: "fancybar"),
                    acceptsNewModules: true, popsToRootOnReselect: false))
    }

    @Test func aTemplatePushedWithAParamIsTitledWithItAndPassesItToEachTab() throws {
        let log = Log()
        let factory = TableFactory(log, modules: Self.known)
        let host = ContainerHost(layout: try Layout.parse(Self.tweetie, knownModules: Self.known), factory: factory)
        #expect(log.take() == ["make(accounts)", "accounts.willMove(stack)", "accounts.didMove(stack)", "accounts.start(all)"])
        host.start()
        _ = log.take()
        let pushed = try host.push(module: "@account", param: "Jack")
        let container = try #require(pushed as? TabContainer)
        #expect(container.title == "Jack")
        #expect(container.barPosition == .top && container.capacity == 0 && container.style == "compact")
        #expect(container.popsToRootOnReselect == false && container.tabs[1].isCustomizable == false)
        #expect(host.newModulesContainer === container)
        #expect(log.take().filter { $0.hasSuffix("start(Jack)") } == ["favourites.start(Jack)"])
        container.select(index: 1)
        #expect(log.take().filter { $0.contains("start") } == ["accountmore.start(Jack)"])
        #expect(host.screen.tabBar?.position == .top)
        #expect(host.screen.tabBar?.custom != nil)
    }

    /// Rule 33; a tab not yet created takes its item from the factory (rule 32).
    @Test func aRootTabContainerKeepsItsTabsLazy() throws {
        let log = Log()
        let text = #"{"root": {"tabs": [{"name": "a", "module": "accounts"}, {"name": "f", "module": "favourites", "param": "x"}]}}"#
        let factory = TableFactory(log, modules: Self.known)
        factory.items["favourites"] = TabItemInfo(title: "Favourites", glyph: "★")
        let host = ContainerHost(layout: try Layout.parse(text, knownModules: Self.known), factory: factory)
        #expect(log.take() == [])
        host.start()
        #expect(log.take().first == "make(accounts)")
        // Tabs not created yet take their item from the factory (the module's descriptor), else their name.
        #expect(host.screen.tabBar?.items.map(\.title) == ["accounts", "Favourites"])
    }

    @Test func aModuleThatCannotBeMadeBecomesAPlaceholderSayingWhy() throws {
        let log = Log()
        let text = #"{"root": {"tabs": [{"name": "a", "module": "accounts"}]}}"#
        let host = ContainerHost(layout: try Layout.parse(text, knownModules: Self.known), factory: TableFactory(log, modules: []))
        host.start()
        #expect(host.screen.content == ViewTree([.text("unknown module \"accounts\"")]))
        #expect(host.screen.tabBar?.items.map(\.title) == ["a"])
    }

    @Test(arguments: [
        ("", TabKitError.Code.malformedJSON, "layout.json:1:1: malformed JSON: unexpected end of input; expected a value; fix the syntax"),
        (#"{"root": }"#, .malformedJSON, "layout.json:1:10: malformed JSON: unexpected character '}'; expected a value; fix the syntax"),
        (
            "{\n  \"root\": {\"stack\": {\"module\": \"accounts\"}},\n}", .malformedJSON,
            "layout.json:3:1: malformed JSON: unexpected character '}'; expected a key in double quotes; fix the syntax"
        ),
        (
            "{\"root\": {\"stack\": {\"module\": \"acc\nounts\"}}}", .malformedJSON,
            "layout.json:1:35: malformed JSON: control character in a string (escape it, e.g. \\n); fix the syntax"
        ),
        (
            #"{"root": {"stack": {"module": "accounts"}}} x"#, .malformedJSON,
            "layout.json:1:45: malformed JSON: unexpected character 'x' after the end of the document; fix the syntax"
        ),
        (#"{"root": 1, "root": 2}"#, .malformedJSON, "layout.json:1:13: malformed JSON: duplicate key \"root\"; fix the syntax"),
        (
            "{\n  \"root\": {\"stack\": {\"module\": \"accounts\"}},\n  \"capcity\": 3\n}", .unknownKey,
            "layout.json:3:3: unknown key \"capcity\" at the document; allowed keys: root, templates, withoutTabs"
        ),
        (
            #"{"root":{"stack":{"module":"acounts"}}}"#, .unknownModule,
            "layout.json:1:28: unknown module \"acounts\" at root.stack.module; known modules: accountmore, accounts, fancybar, favourites"
        ),
        (
            #"{"root":{"tabs":[{"name":"a","module":"accounts","badge":"1"}]}}"#, .unknownKey,
            """
            layout.json:1:50: unknown key "badge" at root.tabs[0]; \
            allowed keys: name, module, param, title, glyph, image, customizable, isolation, permissions
            """
        ),
        (
            #"{"root":{"tabs":[{"name":"a","module":"accounts"},{"name":"a","module":"favourites"}]}}"#, .duplicateName,
            "layout.json:1:59: duplicate tab name \"a\" at root.tabs[1].name; tab names must be unique in a container"
        ),
        // Columns count characters, not bytes, once a line holds more than ASCII.
        (
            #"{"root":{"tabs":[{"name":"é👍🏽","module":"accounts"},{"name":"é👍🏽","module":"favourites"}]}}"#, .duplicateName,
            "layout.json:1:60: duplicate tab name \"é👍🏽\" at root.tabs[1].name; tab names must be unique in a container"
        ),
        (
            #"{"root":{"tabs":[{"module":"accounts"}]}}"#, .missingKey,
            "layout.json:1:18: root.tabs[0] is missing the required key \"name\"; add it"
        ),
        (#"{"root":{"tabs":[], "bar":"left"}}"#, .invalidValue, "layout.json:1:27: root.bar must be \"top\" or \"bottom\", found \"left\""),
        (
            #"{"root":{"tabs":[], "capacity":-1}}"#, .invalidValue,
            "layout.json:1:32: root.capacity must be a whole number from 0 (all tabs shown) to 1000"
        ),
        (
            #"{"root":{"tabs":[], "capacity":"5"}}"#, .invalidValue,
            "layout.json:1:32: root.capacity must be a whole number from 0 (all tabs shown) to 1000"
        ),
        (
            #"{"root":{"module":"accounts"}}"#, .invalidValue,
            "layout.json:1:9: root must be a stack or a tab container, found a module; wrap it: {\"stack\": {\"module\": …}}"
        ),
        (
            #"{"root":{"stack":{"module":"@acount"}}}"#, .unknownModule,
            "layout.json:1:28: unknown template \"@acount\" at root.stack.module; declare it under \"templates\""
        ),
        (
            #"{"root":{"stack":{"module":"accounts"}},"templates":{"account":{"tabs":[]}}}"#, .invalidValue,
            "layout.json:1:54: template name \"account\" must start with \"@\"; rename it"
        ),
        (
            #"{"root":{"stack":{"module":"accounts","tabs":[]}}}"#, .invalidValue,
            "layout.json:1:18: root.stack must have exactly one of \"module\", \"stack\" or \"tabs\", found module and tabs"
        ),
        (
            #"{"templates":{}}"#, .missingKey,
            "layout.json:1:1: the document is missing the required key \"root\"; add \"root\": {\"stack\": {\"module\": …}}"
        ),
        (#"["root"]"#, .invalidValue, "layout.json:1:1: the document must be an object, found an array; write it as {\"key\": value, …}"),
        (
            #"{"root":{"tabs":[{"name":"","module":"accounts"}]}}"#, .invalidValue,
            "layout.json:1:26: root.tabs[0].name must not be empty; fill it in"
        ),
        (
            #"{"root":{"tabs":[{"name":"a","module":"accounts"}],"acceptsNewModules":"yes"}}"#, .invalidValue,
            "layout.json:1:72: root.acceptsNewModules must be true or false, found a string"
        ),
        (
            #"{"root":{"stack":{"module":"accounts","param":5}}}"#, .invalidValue,
            "layout.json:1:47: root.stack.param must be a string, found a number; put the value in double quotes"
        ),
        (
            #"{"root":{"tabs":{}}}"#, .invalidValue,
            "layout.json:1:17: root.tabs must be an array, found an object; write it as [{\"name\": …, \"module\": …}, …]"
        ),
        (
            #"{"root":{"stack":{"stack":{"module":"accounts"}}}}"#, .invalidValue,
            "layout.json:1:18: root.stack must be a module or a tab container, not a stack; remove the inner \"stack\""
        ),
    ])
    func aBadLayoutGetsOneLineWithPositionAndPath(text: String, code: TabKitError.Code, message: String) {
        #expect(throws: TabKitError(code, message)) {
            try Layout.parse(text, knownModules: Self.known)
        }
    }

    @Test func twoContainersAcceptingNewModulesIsAnError() {
        let text = #"{"root":{"tabs":[],"acceptsNewModules":true},"templates":{"@t":{"tabs":[],"acceptsNewModules":true}}}"#
        #expect(
            throws: TabKitError(.invalidValue, "layout.json:1:40: root and templates.@t both accept new modules; only one container may")
        ) {
            try Layout.parse(text, knownModules: [])
        }
    }

    /// Making such a template would make itself again without end: the host crashed with a stack overflow.
    @Test(arguments: [
        (#"{"@a":{"tabs":[],"tabBarModule":{"module":"@a"}}}"#, "layout.json:1:54: template \"@a\" contains itself (@a → @a)"),
        (
            #"{"@a":{"tabs":[{"name":"x","module":"@b"}]},"@b":{"tabs":[{"name":"y","module":"accounts"},{"name":"z","module":"@a"}]}}"#,
            "layout.json:1:54: template \"@a\" contains itself (@a → @b → @a)"
        ),
    ])
    func aTemplateThatNestsItselfIsAnError(templates: String, message: String) {
        let text = #"{"root":{"stack":{"module":"accounts"}},"templates":"# + templates + "}"
        #expect(
            throws: TabKitError(
                .invalidValue,
                message + "; a template's tabs and bar module may not nest it, directly or through other templates")
        ) {
            try Layout.parse(text, knownModules: Self.known)
        }
    }

    @Test func templatesMayNestOtherTemplates() throws {
        let text =
            #"{"root":{"stack":{"module":"@a"}},"templates":{"#
            + #""@a":{"tabs":[{"name":"x","module":"@b"}]},"@b":{"tabs":[{"name":"y","module":"accounts"}]}}}"#
        let layout = try Layout.parse(text, knownModules: Self.known)
        #expect(layout.templates["@a"]?.tabs.map(\.module) == ["@b"])
    }

    @Test func bytesThatAreNotUTF8AreRejectedWithTheFileName() {
        #expect(throws: TabKitError(.malformedJSON, "my.json: not UTF-8 text; save the layout file as UTF-8")) {
            try Layout.parse(bytes: [0x7B, 0xFF, 0x7D], file: "my.json", knownModules: [])
        }
    }

    @Test(arguments: [
        (#""a\u00e9\ud83d\ude00\n""#, "aé😀\n"),
        (#""tab\t\"q\"""#, "tab\t\"q\""),
    ])
    func stringEscapesDecode(json: String, expected: String) throws {
        let text = #"{"root":{"stack":{"module":"accounts","param":"# + json + "}}}"
        let layout = try Layout.parse(text, knownModules: Self.known)
        #expect(layout.root == .stack(.module(LayoutModule(module: "accounts", param: expected))))
    }
}
