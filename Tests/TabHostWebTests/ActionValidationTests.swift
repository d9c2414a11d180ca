import Foundation
import TabHostWebProtocol
import TabKit
import Testing

/// What a page sends is read as one `ScreenAction` and must make sense on the screen shown now.
struct ActionValidationTests {
    static let screen = Screen(
        title: "Jack", backLabel: "Accounts",
        content: ViewTree([.row(ViewRow(title: "Row", action: "open")), .row(ViewRow(title: "inert")), .button(label: "B", action: "b")]),
        tabBar: TabBar(
            items: [TabBarItem(title: "A", isSelected: true), TabBarItem(title: "B")],
            custom: ViewTree([.button(label: "A", action: "0"), .button(label: "Mine", action: "bar.own")])))

    static func refusal(_ json: String, on screen: Screen = screen) -> String? {
        switch ActionValidation.decode(json) {
        case .failure(let refusal): return refusal.description
        case .success(let action): return ActionValidation.refusal(of: action, on: screen)?.description
        }
    }

    @Test(arguments: [
        #"{"type":"selectTab","slot":1}"#, #"{"type":"activate","id":"open"}"#, #"{"type":"activate","id":"b"}"#,
        #"{"type":"activate","id":"bar.own"}"#, #"{"type":"back"}"#, #"{"type":"key","key":43}"#,
        #"{"type":"moveTab","from":0,"to":1}"#,
    ])
    func sensibleActionsPass(json: String) {
        #expect(Self.refusal(json) == nil)
    }

    @Test(arguments: [
        ("", "not an action: "),
        ("[]", "not an action: []"),
        (#"{"type":"activate"}"#, "not an action"),
        (#"{"type":"selectTab","slot":2}"#, "selectTab 2: the bar has 2 slot(s)"),
        (#"{"type":"selectTab","slot":-1}"#, "selectTab -1"),
        (#"{"type":"activate","id":"inert"}"#, "activate inert: no such row or button on the screen"),
        (#"{"type":"dismiss"}"#, "dismiss: no modal is shown"),
        (#"{"type":"moveTab","from":0,"to":5}"#, "moveTab 0 → 5"),
    ])
    func othersAreRefusedWithAReason(json: String, reason: String) throws {
        let refusal = try #require(Self.refusal(json))
        #expect(refusal.hasPrefix(reason), "\(refusal)")
    }

    @Test func backNeedsSomewhereToGo() {
        #expect(Self.refusal(#"{"type":"back"}"#, on: Screen(title: "Root")) == "back: nothing to go back to")
        #expect(Self.refusal(#"{"type":"back"}"#, on: Screen(title: "Sheet", isModal: true)) == nil)
        #expect(Self.refusal(#"{"type":"selectTab","slot":0}"#, on: Screen(title: "Root"))?.hasPrefix("selectTab 0") == true)
    }

    /// The limit itself is read (and judged as an action); one byte more is refused unread.
    @Test func aMessageAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let frame = #"{"type":"activate","id":""# + #""}"#
        let atLimit =
            #"{"type":"activate","id":""# + String(repeating: "b", count: ActionValidation.maximumMessageBytes - frame.utf8.count) + #""}"#
        #expect(atLimit.utf8.count == ActionValidation.maximumMessageBytes)
        #expect(Self.refusal(atLimit)?.hasPrefix("activate bbbb") == true)
        let limit = ActionValidation.maximumMessageBytes
        #expect(Self.refusal(atLimit + " ") == "message of \(limit + 1) bytes (limit \(limit))")
    }

    @Test func longMessagesAreNotRead() throws {
        let limit = ActionValidation.maximumMessageBytes
        let long = #"{"type":"activate","id":""# + String(repeating: "a", count: limit) + #""}"#
        #expect(Self.refusal(long) == "message of \(limit + 27) bytes (limit \(limit))")
    }

    /// A screen with a field, a secure field, a toggle, a table with row actions and a row with one.
    // Built anew for each use, not kept in a static: LeakSanitizer cannot follow the pointers Swift packs
    // into an enum's spare bits (ViewNode's payloads), and would report what a static holds as leaked.
    static var inputs: Screen {
        Screen(
            title: "Inputs", backLabel: "Home",
            content: ViewTree([
                .textField(ViewTextField(id: "name")), .styled([.dim], .textField(ViewTextField(id: "pw", isSecure: true))),
                .toggle(id: "wifi", label: "Wi-Fi", isOn: false),
                .table(
                    ViewTable(
                        headers: ["A"],
                        rows: [ViewTableRow(cells: ["1"], action: "t1", rowActions: [ViewRowAction(label: "K", action: "k1")])])
                ),
                .row(ViewRow(title: "R", rowActions: [ViewRowAction(label: "D", action: "d1")])),
            ]))
    }

    static var alerting: Screen {
        var screen = inputs
        screen.alert = ScreenAlert(id: "confirm", title: "Sure?", buttons: ["Yes", "No"])
        return screen
    }

    @Test(arguments: [
        (#"{"type":"focus","id":"name"}"#, ScreenAction.focus("name")),
        (#"{"type":"focus","id":"t1"}"#, .focus("t1")),
        (#"{"type":"focus"}"#, .focus(nil)),
        (#"{"type":"editText","field":"name","value":"q1 größer ✓"}"#, .editText(field: "name", value: "q1 größer ✓")),
        (#"{"type":"editText","field":"pw","value":""}"#, .editText(field: "pw", value: "")),
        (#"{"type":"submit","field":"name","value":"go"}"#, .submit(field: "name", value: "go")),
        (#"{"type":"toggle","id":"wifi","on":true}"#, .toggle(id: "wifi", isOn: true)),
        (#"{"type":"activate","id":"k1"}"#, .activate("k1")),
        (#"{"type":"activate","id":"d1"}"#, .activate("d1")),
        (#"{"type":"key","key":1114117}"#, .key(.backspace)),
    ])
    func newActionsAreReadAndPass(json: String, action: ScreenAction) throws {
        #expect(try ActionValidation.decode(json).get() == action)
        #expect(Self.refusal(json, on: Self.inputs) == nil)
    }

    @Test(arguments: [
        (#"{"type":"focus","id":"nope"}"#, "focus nope: nothing with that id on the screen"),
        (#"{"type":"focus","id":"k1"}"#, "focus k1: nothing with that id on the screen"),
        (#"{"type":"editText","field":"wifi","value":"x"}"#, "wifi: no such text field on the screen"),
        (#"{"type":"submit","field":"nope","value":"x"}"#, "nope: no such text field on the screen"),
        (#"{"type":"toggle","id":"name","on":true}"#, "toggle name: no such toggle on the screen"),
        (#"{"type":"answerAlert","id":"confirm","button":"Yes"}"#, "answerAlert confirm: no such alert is shown"),
        (#"{"type":"editText","field":"name"}"#, "not an action"),
        (#"{"type":"toggle","id":"wifi","on":"yes"}"#, "not an action"),
        (#"{"type":"answerAlert","id":"confirm"}"#, "not an action"),
        (#"{"type":"typeText","field":"name","value":"x"}"#, "not an action"),
    ])
    func newActionsThatDoNotFitAreRefused(json: String, reason: String) throws {
        let refusal = try #require(Self.refusal(json, on: Self.inputs))
        #expect(refusal.hasPrefix(reason), "\(refusal)")
    }

    /// While an alert is shown only an answer naming it and one of its buttons applies.
    @Test func anAlertTakesOnlyItsAnswer() {
        #expect(Self.refusal(#"{"type":"answerAlert","id":"confirm","button":"No"}"#, on: Self.alerting) == nil)
        #expect(
            Self.refusal(#"{"type":"answerAlert","id":"other","button":"No"}"#, on: Self.alerting)
                == "answerAlert other: no such alert is shown")
        #expect(
            Self.refusal(#"{"type":"answerAlert","id":"confirm","button":"Maybe"}"#, on: Self.alerting)
                == "answerAlert confirm: no button Maybe")
        for json in [
            #"{"type":"editText","field":"name","value":"x"}"#, #"{"type":"toggle","id":"wifi","on":true}"#,
            #"{"type":"activate","id":"t1"}"#,
            #"{"type":"back"}"#, #"{"type":"key","key":113}"#, #"{"type":"focus","id":"name"}"#,
        ] {
            #expect(Self.refusal(json, on: Self.alerting)?.hasSuffix(": the alert confirm is shown") == true, "\(json)")
        }
    }

    /// An edit of a whole field, its value `TAB_MAX_FIELD_BYTES` of the characters JSON escapes the most
    /// (control characters, six bytes each), under the longest id, is read.
    @Test func theLongestEditIsRead() throws {
        let id = String(repeating: "\u{1}", count: ActionValidation.maximumIDBytes)
        let value = String(repeating: "\u{1}", count: ActionValidation.maximumFieldBytes)
        let data = try JSONEncoder().encode(ScreenAction.editText(field: id, value: value))
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.utf8.count > 6 * ActionValidation.maximumFieldBytes)
        #expect(json.utf8.count <= ActionValidation.maximumMessageBytes)
        #expect(try ActionValidation.decode(json).get() == .editText(field: id, value: value))
        let long =
            #"{"type":"editText","field":"name","value":""# + String(repeating: "a", count: ActionValidation.maximumMessageBytes) + #""}"#
        #expect(Self.refusal(long)?.hasPrefix("message of \(long.utf8.count) bytes") == true)
    }
}
