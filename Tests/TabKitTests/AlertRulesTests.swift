import TabHostTesting
import TabKit
import Testing

/// Alerts (rule 46 of docs/internals/container-rules.md): one queue per host, first raised first
/// shown, modal, each answer to the controller that raised it. Which key answers (Esc: the last
/// button) is the front end's; the model takes any of the shown alert's buttons.
@Suite(.blocking)
struct AlertRulesTests {
    let f = TabFixture(["A", "B"])

    /// Both tabs were shown once (a tab's controller is in the tree from then on); A is shown.
    init() {
        f.host.apply(.selectTab(1))
        f.host.apply(.selectTab(0))
        f["A"].on("row") { _ in }
        f["A"].extraNodes = [.textField(ViewTextField(id: "name")), .toggle(id: "dark", label: "Dark", isOn: false)]
        _ = f.host.screen
        _ = f.log.take()
    }

    static let delete = ScreenAlert(id: "delete", title: "Delete?", message: "It cannot be undone.", buttons: ["Delete", "Cancel"])
    static let saved = ScreenAlert(id: "saved", title: "Saved", buttons: [])

    @Test func rule46AnAlertShowsOverTheScreenAndIsModal() throws {
        f.host.needsRender = false
        try f.host.showAlert(Self.delete, from: f["A"])
        #expect(f.host.needsRender)
        #expect(f.host.screen.alert == Self.delete)
        let refused: [ScreenAction] = [
            .selectTab(1), .activate("row"), .key(.down), .back, .dismiss, .moveTab(from: 0, to: 1), .focus("name"),
            .editText(field: "name", value: "x"), .submit(field: "name", value: "x"), .toggle(id: "dark", isOn: true),
        ]
        for action in refused { #expect(f.host.apply(action) == false, "\(action)") }
        #expect(f["A"].events.isEmpty)
        #expect(f.log.take().isEmpty)
        #expect(f.host.screen.tabBar?.items.first?.isSelected == true)
    }

    @Test func rule46TheAnswerGoesToTheControllerThatRaisedItAndOnlyForTheShownAlertAndItsButtons() throws {
        try f.host.showAlert(Self.delete, from: f["A"])
        #expect(f.host.apply(.answerAlert(id: "other", button: "Delete")) == false)
        #expect(f.host.apply(.answerAlert(id: "delete", button: "OK")) == false)
        #expect(f.host.screen.alert == Self.delete)
        // Esc in a front end answers with the last button.
        #expect(f.host.apply(.answerAlert(id: "delete", button: "Cancel")))
        #expect(f.log.take() == ["A.alert(delete, Cancel)"])
        #expect(f.host.screen.alert == nil)
        #expect(f.host.apply(.answerAlert(id: "delete", button: "Cancel")) == false)
        #expect(f.host.apply(.selectTab(1)))
    }

    @Test func rule46AlertsQueueFirstRaisedFirstShownAndAHiddenControllerGetsItsAnswer() throws {
        #expect(f.host.apply(.selectTab(1)))
        try f.host.showAlert(Self.delete, from: f["A"])  // A is in the tree, though not shown
        try f.host.showAlert(Self.saved, from: f["B"])
        #expect(f.host.screen.alert == Self.delete)
        #expect(Self.saved.buttons == ["OK"])
        #expect(f.host.apply(.answerAlert(id: "saved", button: "OK")) == false)
        #expect(f.host.apply(.answerAlert(id: "delete", button: "Delete")))
        #expect(f.host.screen.alert == Self.saved)
        #expect(f.host.apply(.answerAlert(id: "saved", button: "OK")))
        #expect(f.host.screen.alert == nil)
        #expect(f.log.take().filter { $0.contains(".alert(") } == ["A.alert(delete, Delete)", "B.alert(saved, OK)"])
    }

    @Test func rule46AnAlertRaisedWhileAnsweringWaitsBehindTheQueue() throws {
        f["A"].onEvent = { me, event in
            if case .alert(id: "delete", button: "Delete") = event { try? me.host?.showAlert(Self.saved, from: me) }
        }
        try f.host.showAlert(Self.delete, from: f["A"])
        try f.host.showAlert(ScreenAlert(id: "third", title: "Third", buttons: ["OK"]), from: f["B"])
        #expect(f.host.apply(.answerAlert(id: "delete", button: "Delete")))
        #expect(f.host.screen.alert?.id == "third")
        #expect(f.host.apply(.answerAlert(id: "third", button: "OK")))
        #expect(f.host.screen.alert?.id == "saved")
    }

    @Test func rule46AnAlertWhoseControllerLeftTheTreeIsDropped() throws {
        let pushed = Rec("P", f.log)
        f["A"].navigationController?.push(pushed)
        try f.host.showAlert(Self.delete, from: pushed)
        try f.host.showAlert(Self.saved, from: f["A"])
        #expect(f.host.screen.alert == Self.delete)
        // The screen goes by other means than the user (who cannot go Back under the alert).
        f["A"].navigationController?.pop()
        #expect(f.host.screen.alert == Self.saved)
        #expect(f.host.apply(.answerAlert(id: "delete", button: "Delete")) == false)
        #expect(f.host.apply(.answerAlert(id: "saved", button: "OK")))
        #expect(pushed.events.isEmpty)
        // A tab removed takes its alerts along.
        try f.host.showAlert(Self.saved, from: f["B"])
        #expect(f.host.screen.alert == Self.saved)
        f.tabs.removeTab(named: "B")
        #expect(f.host.screen.alert == nil)
        #expect(f.host.apply(.selectTab(0)))
    }

    @Test func aControllerOutsideTheTreeRaisesNothing() {
        let refusal = #expect(throws: TabKitError.self) { try f.host.showAlert(Self.delete, from: Rec("detached", f.log)) }
        #expect(refusal?.code == .noContainer)
        #expect(f.host.screen.alert == nil)
        #expect(f.host.apply(.activate("row")))
    }
}
