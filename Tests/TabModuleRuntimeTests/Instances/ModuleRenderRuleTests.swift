import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// The render rule with real modules in this process (rule 47 of docs/internals/container-rules.md):
/// a module built against 1.2 is rendered after `invalidate` and when it appears, not after every
/// event; a module built against 1.1 still is. Each module shows how often it was rendered.
@Suite(.serialized, .blocking)
final class ModuleRenderRuleTests {
    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }

    init() throws {
        setup = try ModuleHostFixture(
            file: "modern.so", source: InputModules.counter(name: "modern", minor: 2),
            layout: """
                {"root": {"tabs": [{"name": "modern", "module": "modern"}, {"name": "older", "module": "older"}]}}
                """, modules: ["modern", "older"],
            prepare: { fixture in try fixture.compile("older.so", source: InputModules.counter(name: "older", minor: 1)) },
            factory: { _ in InProcessModuleInstanceFactory() })
        host.start()
    }

    private var count: String? {
        host.screen.content.nodes.lazy.compactMap { if case .text(let text) = $0 { text } else { nil } }.first
    }

    @Test func a12ModuleThatHandlesEventsWithoutInvalidatingIsNotRenderedAgain() {
        #expect(count == "renders 1")
        host.needsRender = false
        for action in [ScreenAction.activate("quiet"), .key(.down), .activate("quiet")] { #expect(host.apply(action)) }
        #expect(host.needsRender == false)
        #expect(count == "renders 1")
        #expect(host.apply(.activate("loud")))
        #expect(count == "renders 2")
        #expect(count == "renders 2")
    }

    @Test func a12ModuleIsRenderedAgainWhenItAppearsAgain() {
        #expect(count == "renders 1")
        #expect(host.apply(.selectTab(1)))
        #expect(count == "renders 1")
        #expect(host.apply(.selectTab(0)))
        #expect(count == "renders 2")
    }

    @Test func a11ModuleIsStillRenderedAfterEveryEvent() {
        #expect(host.apply(.selectTab(1)))
        #expect(count == "renders 1")
        #expect(host.apply(.activate("quiet")))
        #expect(count == "renders 2")
        #expect(host.apply(.key(.down)))
        #expect(count == "renders 3")
        #expect(host.apply(.activate("loud")))
        #expect(count == "renders 4")
    }
}
