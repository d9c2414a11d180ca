import TabHostTesting
import TabKit
import Testing

/// The render rule (rule 47 of docs/internals/container-rules.md): a controller that does not render
/// after every event (a module built against ABI 1.2) renders after `invalidate`, when it appears and
/// when nothing is kept for a frame; one that does (older modules) renders again after each event.
@Suite(.blocking)
struct RenderRuleTests {
    let f = TabFixture(["A", "B"])

    /// A renders only when told (as a 1.2 module); B after every event (as a 1.1 module).
    init() {
        f["A"].rendersAfterEveryEvent = false
        for name in ["A", "B"] {
            f[name].on("quiet") { _ in }.on("loud") { me in me.host?.invalidate(me) }
            f[name].extraNodes = [.textField(ViewTextField(id: "field")), .toggle(id: "switch", label: "Switch", isOn: false)]
        }
        _ = f.host.screen
        _ = f["A"].takeRenders()
        f.host.needsRender = false
    }

    @Test func rule47EventsWithoutInvalidateRenderNothingAndAskForNoFrame() {
        let events: [ScreenAction] = [
            .activate("quiet"), .key(.down), .editText(field: "field", value: "x"), .submit(field: "field", value: "x"),
            .toggle(id: "switch", isOn: true),
        ]
        for action in events {
            #expect(f.host.apply(action), "\(action)")
            _ = f.host.screen
        }
        f.host.send(.tick, to: f["A"])
        f.host.send(.timer("t"), to: f["A"])
        _ = f.host.screen
        #expect(f["A"].events.count == 7)
        #expect(f["A"].renders == 0)
        #expect(f.host.needsRender == false)
    }

    @Test func rule47AnEventWhoseHandlerInvalidatesRendersOnce() {
        #expect(f.host.apply(.activate("loud")))
        #expect(f.host.needsRender)
        _ = f.host.screen
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
    }

    @Test func rule47AControllerThatRendersAfterEveryEventStillDoes() {
        #expect(f.host.apply(.selectTab(1)))
        _ = f.host.screen
        _ = f["B"].takeRenders()
        f.host.needsRender = false
        #expect(f.host.apply(.activate("quiet")))
        #expect(f.host.needsRender)
        _ = f.host.screen
        #expect(f["B"].takeRenders() == 1)
        #expect(f.host.apply(.editText(field: "field", value: "x")))
        _ = f.host.screen
        #expect(f["B"].takeRenders() == 1)
    }

    @Test func rule47AppearingAgainRendersAgainOnlyTheControllerThatDoesNotRenderAfterEveryEvent() {
        #expect(f.host.apply(.selectTab(1)))
        _ = f.host.screen
        #expect(f["B"].takeRenders() == 1)
        #expect(f.host.apply(.selectTab(0)))
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
        #expect(f.host.apply(.selectTab(1)))
        _ = f.host.screen
        // B's kept rendering is still good: nothing it did while hidden went unsaid.
        #expect(f["B"].takeRenders() == 0)
    }

    @Test func rule47FocusMovesRenderNothingEitherWay() {
        for name in ["A", "B"] {
            if name == "B" {
                #expect(f.host.apply(.selectTab(1)))
                _ = f.host.screen
                _ = f["B"].takeRenders()
                f.host.needsRender = false
            }
            #expect(f.host.apply(.focus("field")))
            #expect(f.host.apply(.focus("quiet")))
            _ = f.host.screen
            #expect(f[name].renders == 0)
            #expect(f.host.needsRender == false)
        }
    }
}

/// An invalidate that arrives while the controller renders (an isolated module's own thread, whose
/// notification the host reads while it waits for the render) is not lost: that render is not kept,
/// the front end is asked for another frame, and the next screen shows the change.
@Suite(.blocking)
struct InvalidateDuringRenderTests {
    @Test func theRenderInProgressIsNotKeptAndANewFrameIsAskedFor() {
        let f = TabFixture(["A", "B"])
        var changed = false
        f["A"].duringRender = { me in
            guard !changed else { return }
            changed = true
            me.title = "A changed"
            me.host?.invalidate(me)
        }
        f.host.needsRender = false
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 1)
        #expect(f.host.needsRender)
        let screen = f.host.screen
        #expect(f["A"].takeRenders() == 1, "rendered again, not the stale rendering kept")
        #expect(screen.title == "A changed")
        // Nothing changed during that one: it is kept.
        _ = f.host.screen
        #expect(f["A"].takeRenders() == 0)
    }
}
