import TabKit
import Testing

@testable import TerminalUI

/// The terminal's input routing with a real model: moving the focus draws the kept screen again
/// (no module renders); an activation whose handler invalidates once renders the controller once.
struct RenderOnDemandTests {
    /// A module stand-in with two rows that counts its renders and invalidates itself on "second".
    final class Counting: Controller {
        let context = ControllerContext()
        var title: String { "Counting" }
        var renders = 0
        var presses = 0

        func render() -> ViewTree {
            renders += 1
            return ViewTree([
                .row(ViewRow(title: "First", action: "first")),
                .row(ViewRow(title: "Second", detail: "pressed \(presses)", action: "second")),
            ])
        }

        func handle(_ event: ControllerEvent) {
            guard case .action("second") = event else { return }
            presses += 1
            host?.invalidate(self)
        }
    }

    /// What the terminal does for one frame: ask for the screen, fix the focus, draw.
    func draw(_ host: ContainerHost, _ router: inout InputRouter) -> Screen {
        let screen = host.screen
        router.prepare(for: screen)
        router.didRender(ScreenRenderer(options: RenderOptions(useColor: false)).render(screen, width: 40, height: 12, focus: router.focus))
        return screen
    }

    @Test func aFocusMoveRendersNoModuleAndEnterRendersItOnce() {
        let module = Counting()
        let host = ContainerHost(root: NavigationController(root: module))
        host.start()
        var router = InputRouter()
        var screen = draw(host, &router)
        #expect(module.renders == 1)
        // The focus report renders nothing either (the model only records it).
        #expect(router.handle(.key(.down), on: screen) == [.perform(.focus("second")), .redraw])
        _ = host.apply(.focus("second"))
        screen = draw(host, &router)
        #expect(router.focus == 1)
        #expect(module.renders == 1)
        let commands = router.handle(.key(.enter), on: screen)
        #expect(commands == [.perform(.activate("second"))])
        #expect(host.apply(.activate("second")))
        screen = draw(host, &router)
        _ = draw(host, &router)
        #expect(module.renders == 2)
        #expect(screen.content.nodes.last == .row(ViewRow(title: "Second", detail: "pressed 1", action: "second")))
    }
}
