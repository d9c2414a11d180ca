import FoundationEssentials
import TabHostTesting
import TabKit
import TabLayout
import Testing

/// `--state` keeps the presented modals (format version 2): each is presented again with its
/// module's saved state, over the restored stacks, and its result still reaches its presenter.
struct RestorationModalTests {
    static let modules: Set<String> = ["alpha", "detail", "composer", "picker"]
    static let layout = #"{"root":{"tabs":[{"name":"a","module":"alpha"}]}}"#

    static func host(_ log: Log, modules: Set<String> = modules) throws -> ContainerHost {
        ContainerHost(layout: try Layout.parse(layout, knownModules: Self.modules), factory: TableFactory(log, modules: modules))
    }

    @Test func aPresentedModalWithItsDraftComesBackOverTheStackAndAnswersItsPresenter() throws {
        let host = try Self.host(Log())
        host.start()
        let tabs = try #require(host.root as? TabContainer)
        let detail = try host.push(module: "detail", param: "7", onto: tabs.selectedTab?.stack, presenter: tabs.selectedTab?.stack?.root)
        let composer = try #require(try host.present(module: "composer", param: "reply", presenter: detail) as? Rec)
        composer.state = Array("half a draft".utf8)
        let picker = try #require(try host.present(module: "picker", param: nil, presenter: composer) as? Rec)
        picker.context.resultTag = "emoji"
        let saved = String(decoding: host.saveRestoration(), as: UTF8.self)
        #expect(saved.contains(#""version":2"#), "\(saved)")
        #expect(
            saved.contains(
                #""modals":[{"module":"composer","param":"reply","presenterBelow":true,"state":"aGFsZiBhIGRyYWZ0"},"#
                    + #"{"module":"picker","param":null,"presenterBelow":true,"tag":"emoji"}]"#), "\(saved)")

        let log = Log()
        let restored = try Self.host(log)
        #expect(try restored.restore(from: Data(saved.utf8)) == [])
        restored.start()
        #expect(restored.modals.map(\.context.module) == ["composer", "picker"])
        let draft = try #require(restored.modals.first as? Rec)
        #expect(draft.restored == Array("half a draft".utf8))
        #expect(restored.modals.last?.context.resultTag == "emoji")
        #expect(restored.screen.title == "picker")
        // The stack under the modals came back too, and each screen's result reaches the one below.
        let stack = try #require((restored.root as? TabContainer)?.selectedTab?.stack)
        #expect(stack.stack.map(\.context.module) == ["alpha", "detail"])
        #expect(restored.modals.first?.context.presenter === stack.top)
        #expect(restored.modals.last?.context.presenter === draft)
        _ = log.take()
        #expect(restored.finish(draft, result: "sent"))
        #expect(log.take().contains("detail.result(composer, sent)"))
        #expect(restored.modals.isEmpty)
    }

    @Test func aVersion1FileWithoutModalsIsStillRead() throws {
        let text =
            #"{"root":{"tabs":{"index":0,"moreList":false,"order":["a"],"selected":"a","stacks":{"#
            + #""a":[{"module":"alpha","param":null},{"module":"detail","param":"1"}]}}},"version":1}"#
        let restored = try Self.host(Log())
        #expect(try restored.restore(from: Data(text.utf8)) == [])
        #expect(restored.modals.isEmpty)
        #expect((restored.root as? TabContainer)?.selectedTab?.stack?.stack.count == 2)
    }

    @Test func aModalWhoseModuleIsGoneEndsTheModalsAndIsReported() throws {
        let host = try Self.host(Log())
        host.start()
        try host.present(module: "composer", param: nil)
        try host.present(module: "picker", param: nil)
        let restored = try Self.host(Log(), modules: ["alpha", "picker"])
        let problems = try restored.restore(from: host.saveRestoration())
        #expect(problems == [TabKitError(.factoryFailed, "restoration: unknown module \"composer\"; the modals were restored up to it")])
        #expect(restored.modals.isEmpty)
    }

    /// A modal no module made (the dev loop's build log) cannot be made again: it is left out.
    @Test func aModalWithoutAModuleIsLeftOut() throws {
        let host = try Self.host(Log())
        host.start()
        host.present(Rec("buildlog", Log()))
        let saved = String(decoding: host.saveRestoration(), as: UTF8.self)
        #expect(!saved.contains("modals"), "\(saved)")
    }
}
