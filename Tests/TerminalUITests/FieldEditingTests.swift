import TabKit
import Testing

@testable import TerminalUI

/// The router with ABI 1.2 content: text fields own the keys while focused, toggles flip, focus
/// changes are told to the model, alerts and the row-action menu take the keys while they show.
struct FieldEditingTests {
    let renderer = ScreenRenderer(options: RenderOptions(useColor: false))

    // Built anew for each use, not kept in a static: LeakSanitizer cannot follow the pointers Swift packs
    // into an enum's spare bits (ViewNode's payloads), and would report what a static holds as leaked.
    static var form: Screen {
        Screen(
            title: "Form",
            content: ViewTree([
                .textField(ViewTextField(id: "name", placeholder: "Name")),
                .textField(ViewTextField(id: "notes", isMultiline: true)),
                .toggle(id: "wifi", label: "Wi-Fi", isOn: false),
                .row(
                    ViewRow(
                        title: "Mail", action: "open",
                        rowActions: [
                            ViewRowAction(label: "Delete", action: "delete"), ViewRowAction(label: "Archive", action: "archive"),
                        ])),
            ]),
            tabBar: TabBar(items: [TabBarItem(title: "One", isSelected: true), TabBarItem(title: "Two")]))
    }

    func shown(_ screen: Screen, _ router: inout InputRouter) {
        router.prepare(for: screen)
        router.didRender(
            renderer.render(screen, width: 60, height: 20, focus: router.focus, scroll: router.scroll, interaction: router.interaction))
    }

    /// Types `text` key by key; returns every command.
    func type(_ text: String, _ router: inout InputRouter, on screen: Screen = form) -> [FrontEndCommand] {
        text.unicodeScalars.flatMap { router.handle(.key(.character($0)), on: screen) }
    }

    func text(_ router: InputRouter, _ id: String = "name") -> String { router.interaction.fields[id]?.text ?? "" }

    @Test func aFocusedFieldTakesQAndDigits() {
        var router = InputRouter()
        shown(Self.form, &router)
        #expect(router.focus == 0 && router.interaction.isEditing)
        #expect(router.takeFocusReport(on: Self.form) == .focus("name"))
        #expect(router.takeFocusReport(on: Self.form) == nil)  // told once
        let commands = type("q1", &router)
        #expect(commands == [.perform(.editText(field: "name", value: "q")), .perform(.editText(field: "name", value: "q1"))])
        #expect(text(router) == "q1")
    }

    @Test func cursorMovesAndBackspaceAndDeleteAreDistinct() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = type("hello", &router)
        #expect(router.handle(.key(.left), on: Self.form) == [.redraw])
        _ = router.handle(.key(.left), on: Self.form)  // hel|lo
        #expect(router.handle(.key(.backspace), on: Self.form) == [.perform(.editText(field: "name", value: "helo"))])
        #expect(router.handle(.key(.delete), on: Self.form) == [.perform(.editText(field: "name", value: "heo"))])
        _ = router.handle(.key(.home), on: Self.form)
        _ = type(">", &router)
        _ = router.handle(.key(.control("e")), on: Self.form)
        _ = type("<", &router)
        _ = router.handle(.key(.control("a")), on: Self.form)
        #expect(router.handle(.key(.backspace), on: Self.form).isEmpty)  // nothing before the start
        #expect(text(router) == ">heo<")
        _ = router.handle(.key(.end), on: Self.form)
        _ = router.handle(.key(.left), on: Self.form)
        #expect(router.handle(.key(.control("u")), on: Self.form) == [.perform(.editText(field: "name", value: "<"))])
    }

    @Test func wordsAndWideCharactersMoveByGrapheme() {
        var router = InputRouter()
        shown(Self.form, &router)
        // "é" typed as e and a combining acute: one character.
        _ = type("cafe\u{301} 日本 wörld", &router)
        #expect(router.interaction.fields["name"]?.characters.count == 13)
        _ = router.handle(.key(.alt("b")), on: Self.form)
        _ = router.handle(.key(.wordLeft), on: Self.form)  // before 日本
        _ = router.handle(.key(.right), on: Self.form)
        #expect(router.interaction.fields["name"]?.cursor == 6)
        _ = router.handle(.key(.alt("f")), on: Self.form)  // after 日本
        #expect(router.handle(.key(.control("w")), on: Self.form) == [.perform(.editText(field: "name", value: "café  wörld"))])
        _ = router.handle(.key(.left), on: Self.form)
        #expect(router.handle(.key(.backspace), on: Self.form) == [.perform(.editText(field: "name", value: "caf  wörld"))])
    }

    @Test func pasteGoesInAtTheCursorWithNewlinesOnlyInMultilineFields() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = type("ad", &router)
        _ = router.handle(.key(.left), on: Self.form)
        #expect(router.handle(.paste("b\nc"), on: Self.form) == [.perform(.editText(field: "name", value: "ab cd"))])
        _ = router.handle(.key(.tab), on: Self.form)  // to the multiline field
        #expect(router.handle(.paste("one\ntwo"), on: Self.form) == [.perform(.editText(field: "notes", value: "one\ntwo"))])
        #expect(router.handle(.key(.enter), on: Self.form) == [.perform(.editText(field: "notes", value: "one\ntwo\n"))])
        // Up moves a line inside the field; past the first line it moves the focus.
        _ = router.handle(.key(.up), on: Self.form)
        _ = router.handle(.key(.up), on: Self.form)
        #expect(router.focus == 1)
        let up = router.handle(.key(.up), on: Self.form)
        #expect(router.focus == 0 && up.first == .perform(.focus("name")))
    }

    @Test func enterSubmitsEscLeavesAndTabMovesOn() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = type("Ada", &router)
        #expect(router.handle(.key(.enter), on: Self.form) == [.perform(.submit(field: "name", value: "Ada"))])
        #expect(router.handle(.key(.escape), on: Self.form) == [.redraw])
        #expect(!router.interaction.isEditing && router.focus == 0)
        // Left, keys act as usual again: a digit selects a tab, q quits.
        #expect(router.handle(.key(.character("2")), on: Self.form) == [.perform(.selectTab(1))])
        #expect(router.handle(.key(.character("q")), on: Self.form) == [.quit])
        // Esc and q in one read (Alt-q to the decoder) leave the field and quit.
        _ = router.handle(.key(.enter), on: Self.form)
        #expect(router.handle(.key(.alt("q")), on: Self.form) == [.redraw, .quit])
        #expect(!router.interaction.isEditing)
        // Enter goes back in.
        #expect(router.handle(.key(.enter), on: Self.form) == [.redraw])
        #expect(router.interaction.isEditing)
        #expect(router.handle(.key(.tab), on: Self.form) == [.perform(.focus("notes")), .redraw])
        #expect(router.handle(.key(.backTab), on: Self.form) == [.perform(.focus("name")), .redraw])
        #expect(router.handle(.key(.down), on: Self.form) == [.perform(.focus("notes")), .redraw])
    }

    @Test func theModulesNewValueReplacesTheBufferButItsEchoesDoNot() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = type("abc", &router)
        func withName(_ value: String, extra: String) -> Screen {
            var screen = Self.form
            screen.content.nodes[0] = .textField(ViewTextField(id: "name", value: value, placeholder: "Name"))
            screen.content.nodes.append(.text(extra))
            return screen
        }
        // A render lagging behind the typing shows an earlier text: kept.
        shown(withName("ab", extra: "1"), &router)
        #expect(text(router) == "abc")
        _ = router.handle(.key(.enter), on: Self.form)
        // The module cleared the field after the submit.
        shown(withName("", extra: "2"), &router)
        #expect(text(router) == "")
        #expect(type("x", &router) == [.perform(.editText(field: "name", value: "x"))])
    }

    @Test func enterAndSpaceFlipAToggle() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = router.handle(.key(.tab), on: Self.form)
        #expect(router.handle(.key(.tab), on: Self.form) == [.perform(.focus("wifi")), .redraw])
        #expect(router.handle(.key(.enter), on: Self.form) == [.perform(.toggle(id: "wifi", isOn: true))])
        #expect(router.handle(.key(.character(" ")), on: Self.form) == [.perform(.toggle(id: "wifi", isOn: true))])
        // On anything else Space is a key for the module.
        _ = router.handle(.key(.down), on: Self.form)
        #expect(router.handle(.key(.character(" ")), on: Self.form) == [.perform(.key(TabKey(scalar: " ")))])
    }

    @Test func altEnterOpensTheRowActionsMenu() {
        var router = InputRouter()
        shown(Self.form, &router)
        for _ in 0..<3 { _ = router.handle(.key(.down), on: Self.form) }
        #expect(router.focus == 3)
        #expect(router.handle(.key(.altEnter), on: Self.form) == [.redraw])
        #expect(router.interaction.menu?.actions.map(\.label) == ["Delete", "Archive"])
        #expect(router.handle(.key(.character("q")), on: Self.form).isEmpty)  // the menu takes the keys
        _ = router.handle(.key(.down), on: Self.form)
        #expect(router.handle(.key(.enter), on: Self.form) == [.perform(.activate("archive"))])
        #expect(router.interaction.menu == nil)
        _ = router.handle(.key(.altEnter), on: Self.form)
        #expect(router.handle(.key(.escape), on: Self.form) == [.redraw])
        #expect(router.interaction.menu == nil)
        // Enter on the row itself still activates it.
        #expect(router.handle(.key(.enter), on: Self.form) == [.perform(.activate("open"))])
    }

    @Test func anAlertTakesEveryKeyButQuitsOnes() {
        var router = InputRouter()
        var screen = Self.form
        screen.alert = ScreenAlert(id: "sure", title: "Sure?", buttons: ["Yes", "No", "Cancel"])
        shown(screen, &router)
        #expect(router.takeFocusReport(on: screen) == nil)  // only the answer applies while it shows
        // q quits as everywhere but in a text field (an alert has none): a module that raises an alert
        // on every answer kept the user in.
        #expect(router.handle(.key(.character("q")), on: screen) == [.quit])
        #expect(router.handle(.key(.character("x")), on: screen).isEmpty)
        #expect(router.handle(.key(.backspace), on: screen).isEmpty)
        #expect(text(router).isEmpty)
        #expect(router.handle(.key(.right), on: screen) == [.redraw])
        #expect(router.handle(.key(.tab), on: screen) == [.redraw])
        #expect(router.handle(.key(.left), on: screen) == [.redraw])
        #expect(router.handle(.key(.enter), on: screen) == [.perform(.answerAlert(id: "sure", button: "No"))])
        #expect(router.handle(.key(.escape), on: screen) == [.perform(.answerAlert(id: "sure", button: "Cancel"))])
        #expect(router.handle(.key(.control("c")), on: screen) == [.quit])
    }

    @Test func keysWithNothingFocusableGoToTheModuleAsTheHeaderSays() {
        var router = InputRouter()
        let screen = Screen(title: "Log", content: ViewTree([.text("lines")]))
        shown(screen, &router)
        #expect(router.takeFocusReport(on: screen) == .focus(nil))
        #expect(router.handle(.key(.tab), on: screen) == [.perform(.key(.tab))])
        #expect(router.handle(.key(.home), on: screen) == [.redraw, .perform(.key(.home))])
        #expect(router.handle(.key(.pageDown), on: screen) == [.redraw, .perform(.key(.pageDown))])
        #expect(router.handle(.key(.escape), on: screen) == [.perform(.key(.escape))])
        #expect(router.handle(.key(.backspace), on: screen) == [.perform(.key(.backspace))])
        #expect(router.handle(.key(.delete), on: screen) == [.perform(.key(.delete))])
        #expect(router.handle(.key(.enter), on: screen) == [.perform(.key(.enter))])
        // Alt plus a key the terminal does not use is Esc and that key.
        #expect(router.handle(.key(.alt("x")), on: screen) == [.perform(.key(.escape)), .perform(.key(TabKey(scalar: "x")))])
    }

    @Test func clicksFocusFieldsAndFlipToggles() {
        var router = InputRouter()
        shown(Self.form, &router)
        let frame = renderer.render(Self.form, width: 60, height: 20, focus: 0, interaction: router.interaction)
        let toggleRow = (0..<frame.grid.height).first { frame.grid.line($0).contains("Wi-Fi") }!
        let click = MouseEvent(button: 0, column: 2, row: toggleRow, isPress: true)
        #expect(router.handle(.mouse(click), on: Self.form) == [.perform(.focus("wifi")), .perform(.toggle(id: "wifi", isOn: true))])
        #expect(!router.interaction.isEditing)
    }

    @Test func focusIsRememberedPerScreenAndToldAgainOnReturn() {
        var router = InputRouter()
        shown(Self.form, &router)
        _ = router.takeFocusReport(on: Self.form)
        _ = router.handle(.key(.tab), on: Self.form)
        let other = Screen(title: "Other", backLabel: "Form", content: ViewTree([.button(label: "OK", action: "ok")]))
        shown(other, &router)
        #expect(router.takeFocusReport(on: other) == .focus("ok"))
        shown(Self.form, &router)
        #expect(router.focus == 1)
        #expect(router.takeFocusReport(on: Self.form) == .focus("notes"))
    }
}
