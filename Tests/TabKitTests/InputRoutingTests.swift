import TabHostTesting
import TabKit
import Testing

/// ABI 1.2 input (rules 45 and 47 of docs/internals/container-rules.md): the focus a front end reports,
/// edits, submits and toggles, and row actions, each checked against the rendering on screen.
@Suite(.blocking)
struct InputRoutingTests {
    let f = TabFixture(["A", "B"])
    var a: Rec { f["A"] }

    /// A shows a row, a single-line field, a multi-line one, a toggle and a row with a secondary
    /// action; its first screen is drawn and the counts start at zero.
    init() {
        f["A"].on("open") { _ in }
        f["A"].extraNodes = [
            .textField(ViewTextField(id: "name", placeholder: "Name")),
            .styled(.bold, .textField(ViewTextField(id: "notes", isMultiline: true))),
            .toggle(id: "dark", label: "Dark", isOn: false),
            .row(ViewRow(title: "Item", action: "item:1", rowActions: [ViewRowAction(label: "Delete", action: "delete:1")])),
            .table(
                ViewTable(
                    headers: ["Name"],
                    rows: [ViewTableRow(cells: ["x"], action: "cell:1", rowActions: [ViewRowAction(label: "Drop", action: "drop:1")])])),
        ]
        _ = f.host.screen
        _ = f["A"].takeRenders()
        f.host.needsRender = false
    }

    private var lastEvent: (event: ControllerEvent, focus: String?)? { a.events.last }

    @Test func rule45TheFocusIsRecordedAndCarriedByTheNextEventsAndDrawsNothing() {
        #expect(f.host.apply(.focus("name")))
        #expect(a.context.focus == "name")
        #expect(a.renders == 0)
        #expect(f.host.needsRender == false)
        #expect(a.events.isEmpty)  // the focus itself is not an event
        #expect(f.host.apply(.key(.down)))
        #expect(lastEvent?.event == .key(.down) && lastEvent?.focus == "name")
        #expect(f.host.apply(.focus("dark")))
        #expect(f.host.apply(.focus("open")))
        #expect(f.host.apply(.focus("cell:1")))
        #expect(f.host.apply(.focus(nil)))
        #expect(a.context.focus == nil)
    }

    @Test func rule45AFocusIdThatIsNotAFocusableOnScreenIsRefused() {
        #expect(f.host.apply(.focus("name")))
        for id in ["nowhere", "delete:1", "B content"] {
            #expect(f.host.apply(.focus(id)) == false)
        }
        #expect(a.context.focus == "name")
        // A field the controller would draw now but has not drawn yet is not on screen.
        a.extraNodes.append(.textField(ViewTextField(id: "later")))
        #expect(f.host.apply(.focus("later")) == false)
        f.host.invalidate(a)
        _ = f.host.screen
        #expect(f.host.apply(.focus("later")))
    }

    @Test func rule45TheFocusBelongsToEachScreen() {
        #expect(f.host.apply(.focus("dark")))
        #expect(f.host.apply(.selectTab(1)))
        // B shows no toggle: the focus is checked against what B shows.
        #expect(f.host.apply(.focus("dark")) == false)
        #expect(f.host.apply(.selectTab(0)))
        #expect(a.context.focus == "dark")
        #expect(f["B"].context.focus == nil)
    }

    @Test func editsAndSubmitsGoToTheFieldOnScreenAndMoveTheFocusThere() {
        #expect(f.host.apply(.editText(field: "name", value: "Jo")))
        #expect(lastEvent?.event == .text(field: "name", value: "Jo") && lastEvent?.focus == "name")
        #expect(f.host.apply(.submit(field: "name", value: "Jo")))
        #expect(lastEvent?.event == .submit(field: "name", value: "Jo") && lastEvent?.focus == "name")
        #expect(f.host.apply(.editText(field: "notes", value: "line 1\nline 2")))
        #expect(lastEvent?.event == .text(field: "notes", value: "line 1\nline 2") && lastEvent?.focus == "notes")
        #expect(a.events.count == 3)
    }

    @Test func anEditOrSubmitForAFieldNotOnScreenIsRefused() {
        #expect(f.host.apply(.editText(field: "nowhere", value: "x")) == false)
        #expect(f.host.apply(.editText(field: "dark", value: "x")) == false)  // a toggle, not a field
        #expect(f.host.apply(.submit(field: "nowhere", value: "x")) == false)
        // A multi-line field has no submit: Enter types a newline there.
        #expect(f.host.apply(.submit(field: "notes", value: "x")) == false)
        #expect(a.events.isEmpty)
        #expect(a.context.focus == nil)
        #expect(f.host.needsRender == false)
    }

    @Test func togglesGoToTheToggleOnScreenAndOthersAreRefused() {
        #expect(f.host.apply(.toggle(id: "dark", isOn: true)))
        #expect(lastEvent?.event == .toggle(id: "dark", isOn: true) && lastEvent?.focus == "dark")
        #expect(f.host.apply(.toggle(id: "name", isOn: true)) == false)
        #expect(f.host.apply(.toggle(id: "nowhere", isOn: false)) == false)
        #expect(a.events.count == 1)
    }

    @Test func rowActionsAreActivatedWithTheirRowFocused() {
        #expect(f.host.apply(.activate("delete:1")))
        #expect(lastEvent?.event == .action("delete:1") && lastEvent?.focus == "item:1")
        #expect(f.host.apply(.activate("drop:1")))
        #expect(lastEvent?.event == .action("drop:1") && lastEvent?.focus == "cell:1")
        #expect(f.host.apply(.activate("open")))
        #expect(lastEvent?.event == .action("open") && lastEvent?.focus == "open")
        #expect(f.host.apply(.activate("delete:2")) == false)
    }

    @Test func aControllerThatRendersAfterEveryEventStillRendersOnceAfterAnEdit() {
        #expect(f.host.apply(.editText(field: "name", value: "J")))
        #expect(f.host.needsRender)
        _ = f.host.screen
        #expect(a.takeRenders() == 1)
    }
}
