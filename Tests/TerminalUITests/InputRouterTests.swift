import TabKit
import Testing

@testable import TerminalUI

struct InputRouterTests {
    let renderer = ScreenRenderer(options: RenderOptions(useColor: false))

    /// Prepares, renders and records a frame as the app does; returns the router.
    func shown(_ screen: Screen, _ router: inout InputRouter, width: Int = 80, height: Int = 24) {
        router.prepare(for: screen)
        router.didRender(
            renderer.render(
                screen, width: width, height: height, focus: router.focus, scroll: router.scroll, followFocus: router.followsFocus))
    }

    @Test func arrowsTabAndEnterMoveAndActivateTheFocus() {
        var router = InputRouter()
        let screen = SampleScreens.favourites
        shown(screen, &router)
        #expect(router.focus == 0)
        // Each move tells the model the new focus first.
        #expect(router.handle(.key(.down), on: screen) == [.perform(.focus("open.2")), .redraw])
        #expect(router.focus == 1)
        #expect(router.handle(.key(.enter), on: screen) == [.perform(.activate("open.2"))])
        _ = router.handle(.key(.down), on: screen)
        _ = router.handle(.key(.down), on: screen)
        #expect(router.focus == 2)  // clamped at the last item
        #expect(router.handle(.key(.tab), on: screen) == [.perform(.focus("open.1")), .redraw])
        #expect(router.focus == 0)  // Tab wraps
        _ = router.handle(.key(.backTab), on: screen)
        #expect(router.focus == 2)
        _ = router.handle(.key(.home), on: screen)
        #expect(router.focus == 0)
        _ = router.handle(.key(.up), on: screen)
        #expect(router.focus == 0)
    }

    @Test func tabsByArrowsAndDigits() {
        var router = InputRouter()
        let screen = SampleScreens.favourites
        shown(screen, &router)
        #expect(router.handle(.key(.left), on: screen) == [.perform(.selectTab(3))])
        #expect(router.handle(.key(.right), on: screen) == [.perform(.selectTab(1))])
        #expect(router.handle(.key(.character("2")), on: screen) == [.perform(.selectTab(1))])
        #expect(router.handle(.key(.character("4")), on: screen) == [.perform(.selectTab(3))])
        #expect(router.handle(.key(.character("5")), on: screen) == [.perform(.key(TabKey(rawValue: 0x35)))])
        let noBar = Screen(title: "Root", content: SampleScreens.favourites.content)
        #expect(router.handle(.key(.left), on: noBar) == [.perform(.key(TabKey(rawValue: 0x110003)))])
        #expect(router.handle(.key(.right), on: noBar) == [.perform(.key(TabKey(rawValue: 0x110004)))])
        #expect(router.handle(.key(.character("1")), on: noBar) == [.perform(.key(TabKey(rawValue: 0x31)))])
    }

    /// Customizing from the keyboard (rules 25–26 of docs/container-rules.md).
    @Test func shiftArrowsMoveTheSelectedTabWithinTheBar() {
        var router = InputRouter()
        let screen = SampleScreens.favourites  // four slots, the first selected
        shown(screen, &router)
        #expect(router.handle(.key(.shiftRight), on: screen) == [.perform(.moveTab(from: 0, to: 1))])
        #expect(router.handle(.key(.shiftLeft), on: screen) == [])
        let noBar = Screen(title: "Root", content: SampleScreens.favourites.content)
        #expect(router.handle(.key(.shiftRight), on: noBar) == [])
    }

    /// Back keys (rule 38 of docs/container-rules.md): at a root, Esc goes to the module as a key.
    @Test func backDismissQuitRepaintAndForwardedKeys() {
        var router = InputRouter()
        #expect(router.handle(.key(.escape), on: SampleScreens.favourites) == [.perform(.back)])
        #expect(router.handle(.key(.backspace), on: SampleScreens.favourites) == [.perform(.back)])
        #expect(router.handle(.key(.escape), on: SampleScreens.modal) == [.perform(.dismiss)])
        let root = Screen(title: "Accounts")
        // Escape and Backspace as the named keys (the model gives older modules 0x1B and 0x7F).
        #expect(router.handle(.key(.escape), on: root) == [.perform(.key(.escape))])
        #expect(router.handle(.key(.backspace), on: root) == [.perform(.key(.backspace))])
        #expect(router.handle(.key(.character("q")), on: root) == [.quit])
        #expect(router.handle(.key(.control("c")), on: root) == [.quit])
        #expect(router.handle(.key(.control("l")), on: root) == [.repaint])
        #expect(router.handle(.key(.character("x")), on: root) == [.perform(.key(TabKey(rawValue: 0x78)))])
        #expect(router.handle(.key(.enter), on: root) == [.perform(.key(TabKey(rawValue: 0x0D)))])
        #expect(router.handle(.key(.up), on: root) == [.redraw, .perform(.key(TabKey(rawValue: 0x110001)))])
        #expect(router.handle(.key(.character("中")), on: root) == [.perform(.key(TabKey(rawValue: 0x4E2D)))])
    }

    @Test func clicksFollowTheHitMap() {
        var router = InputRouter()
        let screen = SampleScreens.favourites
        shown(screen, &router)
        func click(_ column: Int, _ row: Int) -> [FrontEndCommand] {
            router.handle(.mouse(MouseEvent(button: 0, column: column, row: row, isPress: true)), on: screen)
        }
        #expect(click(3, 0) == [.perform(.back)])
        #expect(click(40, 4) == [.perform(.focus("open.2")), .perform(.activate("open.2"))])
        #expect(router.focus == 1)
        #expect(click(5, 7) == [.perform(.focus("refresh")), .perform(.activate("refresh"))])
        #expect(click(45, 23) == [.perform(.selectTab(2))])
        #expect(click(40, 15).isEmpty)
        #expect(router.handle(.mouse(MouseEvent(button: 0, column: 3, row: 0, isPress: false)), on: screen).isEmpty)
        var modal = InputRouter()
        shown(SampleScreens.modal, &modal, width: 40, height: 12)
        #expect(
            modal.handle(.mouse(MouseEvent(button: 0, column: 30, row: 11, isPress: true)), on: SampleScreens.modal) == [.perform(.dismiss)]
        )
    }

    @Test func focusIsRememberedPerScreenAndFollowsItsActionId() {
        var router = InputRouter()
        shown(SampleScreens.favourites, &router)
        _ = router.handle(.key(.end), on: SampleScreens.favourites)
        #expect(router.focus == 2)
        shown(SampleScreens.moreList, &router)
        #expect(router.focus == 0)  // a new place starts at the top
        shown(SampleScreens.favourites, &router)
        #expect(router.focus == 2)  // Back returns to the item that was left
        // The same screen with a row inserted above: the focus stays on "refresh".
        var changed = SampleScreens.favourites
        changed.content.nodes.insert(.row(ViewRow(title: "New", action: "open.0")), at: 1)
        shown(changed, &router)
        #expect(router.focus == 3)
        // The focused item disappears: the focus stays in range.
        var shorter = changed
        shorter.content.nodes.removeLast()
        shown(shorter, &router)
        #expect(router.focus == 2)
    }

    @Test func wheelScrollsAndTheFocusStaysInView() {
        var router = InputRouter()
        let rows = (0..<60).map { ViewNode.row(ViewRow(title: "Item \($0)", action: "item.\($0)")) }
        let screen = Screen(title: "Items", content: ViewTree(rows))
        shown(screen, &router, width: 40, height: 12)
        let down = InputEvent.mouse(MouseEvent(button: 65, column: 3, row: 3, isPress: true))
        let up = InputEvent.mouse(MouseEvent(button: 64, column: 3, row: 3, isPress: true))
        // One notch: the view scrolls three lines; the focused row 0 left it, so row 3 takes the focus.
        #expect(router.handle(down, on: screen) == [.redraw])
        shown(screen, &router, width: 40, height: 12)
        #expect(router.scroll == 3 && router.focus == 3)
        #expect(router.takeFocusReport(on: screen) == .focus("item.3"))
        // A row in view keeps the focus while the view scrolls.
        _ = router.handle(.key(.down), on: screen)
        _ = router.handle(.key(.down), on: screen)
        shown(screen, &router, width: 40, height: 12)
        #expect(router.focus == 5)
        _ = router.handle(down, on: screen)
        shown(screen, &router, width: 40, height: 12)
        #expect(router.scroll == 6 && router.focus == 6)
        _ = router.handle(up, on: screen)
        shown(screen, &router, width: 40, height: 12)
        #expect(router.scroll == 3 && router.focus == 6)
        let text = Screen(title: "Readme", content: ViewTree([.text(String(repeating: "word ", count: 400))]))
        var reader = InputRouter()
        shown(text, &reader, width: 40, height: 12)
        _ = reader.handle(down, on: text)
        #expect(reader.scroll == 3)
        _ = reader.handle(.key(.pageDown), on: text)
        #expect(reader.scroll == 3 + 9)
    }

    @Test func customBarSlotsAreSelectableByDigitsAndArrows() {
        var router = InputRouter()
        let screen = SampleScreens.customBar
        #expect(router.handle(.key(.character("2")), on: screen) == [.perform(.selectTab(1))])
        #expect(router.handle(.key(.right), on: screen) == [.perform(.selectTab(1))])
    }
}
