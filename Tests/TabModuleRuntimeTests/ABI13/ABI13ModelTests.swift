import TabHostConcurrency
import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// ABI 1.3 on the model, with a real module (`ABI13ModelModule`): result tags, a guarded modal
/// (Back sends TAB_EVENT_DISMISS and it stays; unanswered for a second, the next Back closes it),
/// shortcuts, copy_text only from a user's event, toasts and focus requests in the screen.
@Suite(.serialized, .blocking)
final class ABI13ModelTests {
    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }
    /// The host's clock for the guard, moved by hand.
    let now = LockedValue(ContinuousClock.now)

    init() throws {
        setup = try ModuleHostFixture(
            file: "guard.so", source: ABI13ModelModule.source,
            layout: #"{"root": {"stack": {"tabs": [{"name": "main", "module": "guard"}]}}}"#, modules: ["guard"])
        let clock = now
        host.clock = { clock.withLock { $0 } }
        host.start()
    }

    /// The line the shown module writes down last.
    var line: String? {
        host.screen.content.nodes.compactMap { if case .text(let text) = $0.unstyled { text } else { nil } }.last
    }

    @Test func resultsComeBackWithTheirTags() throws {
        #expect(host.apply(.activate("push")))
        #expect(line == "pushed none dismisses 0")
        #expect(host.apply(.activate("finish")))
        #expect(line == " result compose done dismisses 0")
        #expect(host.apply(.activate("present")))
        #expect(host.apply(.activate("finish")))
        #expect(line == " result reply done dismisses 0")
    }

    @Test func aGuardedModalStaysOnBackUntilItLeftADismissUnansweredForASecond() throws {
        #expect(host.apply(.activate("present")))
        #expect(host.apply(.back))
        #expect(host.modals.count == 1 && line == "ignore none dismisses 1")
        now.withLock { $0 += .milliseconds(500) }
        #expect(host.apply(.dismiss))
        #expect(host.modals.count == 1 && line == "ignore none dismisses 2")
        now.withLock { $0 += .milliseconds(600) }
        #expect(host.apply(.back))
        #expect(host.modals.isEmpty && line == " result reply NULL dismisses 0")
    }

    @Test func aGuardedModalThatAnswersWithAnAlertIsNeverClosedByTheHost() throws {
        #expect(host.apply(.activate("present-alert")))
        #expect(host.apply(.back))
        #expect(host.screen.alert?.id == "discard" && host.modals.count == 1)
        now.withLock { $0 += .seconds(5) }
        #expect(host.apply(.answerAlert(id: "discard", button: "Keep")))
        #expect(host.apply(.back))
        #expect(host.modals.count == 1 && line == "alert none dismisses 2")
        #expect(host.apply(.answerAlert(id: "discard", button: "Discard")))
        #expect(host.modals.isEmpty && line == " result guard NULL dismisses 0")
    }

    @Test func aShortcutTurnsItsKeyIntoItsAction() {
        #expect(host.screen.content.shortcuts == [ViewShortcut(key: 0x2F, label: "Search", action: "search")])
        #expect(host.apply(.key(TabKey(scalar: "/"))))
        #expect(line == " action search dismisses 0")
    }

    @Test func copyToastAndFocusReachTheScreen() throws {
        #expect(host.apply(.activate("copy")))
        #expect(host.screen.clipboard?.text == "copied")
        let controller = try #require(setup.runtime.controllers(ofModule: "guard").first)
        // Not from a user's event: one log line, and the clipboard keeps what it had.
        controller.moduleCopyText("behind your back")
        #expect(host.screen.clipboard?.text == "copied")
        #expect(setup.log.lines.contains { $0.hasPrefix("guard warning: copy_text ignored") })

        // A paste would act on controls: ESC [ 2 0 1 ~ ended a terminal's bracketed paste early. Gone,
        // a return made a line feed; the control: the text around them is kept.
        #expect(host.apply(.activate("copy-controls")))
        #expect(host.screen.clipboard?.text == "ls[201~rm x\nnext\nlineend\tcell")

        #expect(host.apply(.activate("toast")))
        #expect(host.screen.toast?.text == "Posted" && host.screen.toast?.style == .success)
        #expect(host.apply(.activate("focus")))
        #expect(host.screen.focusRequest?.text == "f" && controller.context.focus == "f")
        #expect(host.apply(.activate("focus-unknown")))
        _ = host.screen
        #expect(setup.log.lines.contains("guard warning: focus: no node with the id \"nowhere\" in the view; ignored"))
    }
}
