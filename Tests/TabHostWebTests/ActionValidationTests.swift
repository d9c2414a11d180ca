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
        #expect(Self.refusal(atLimit + " ") == "message of 4097 bytes (limit 4096)")
    }

    @Test func longMessagesAreNotRead() throws {
        let long = #"{"type":"activate","id":""# + String(repeating: "a", count: 5000) + #""}"#
        #expect(Self.refusal(long) == "message of 5027 bytes (limit 4096)")
    }
}
