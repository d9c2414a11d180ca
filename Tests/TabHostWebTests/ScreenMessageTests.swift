import Foundation
import TabHostWebProtocol
import TabKit
import Testing

/// The WebSocket's screen messages: the whole screen once, then the changed top-level fields only,
/// which the page merges (`{...screen, ...changes}`, null deleting a field).
struct ScreenMessageTests {
    static let list = Screen(
        title: "Accounts", content: ViewTree([.section(title: "Accounts"), .row(ViewRow(title: "Jack", action: "Jack"))]))
    static let tabs = Screen(
        title: "Jack", backLabel: "Accounts", content: ViewTree([.text("hi")]),
        tabBar: TabBar(items: [TabBarItem(title: "Favourites", image: "/m/f.svg", badge: "4", isSelected: true)]),
        status: "reloaded")

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// What the page does with an update.
    static func merge(_ screen: Screen, _ update: String) throws -> Screen {
        var fields = try object(ScreenMessage.frame(screen))["screen"] as! [String: Any]
        for (key, value) in try object(update)["changes"] as! [String: Any] {
            if value is NSNull { fields.removeValue(forKey: key) } else { fields[key] = value }
        }
        return try JSONDecoder().decode(Screen.self, from: try JSONSerialization.data(withJSONObject: fields))
    }

    /// A module's text with direction overrides (U+202E and the isolates) would reorder the page's own
    /// words around it (the host's crash notice names the module's title): they never reach the page, in a
    /// frame or an update, while other text outside ASCII ("…", "›", Arabic) is sent as it is.
    @Test func directionOverridesNeverReachThePage() throws {
        let spoof = Screen(
            title: "Mail\u{202E}sdrowssap", content: ViewTree([.row(ViewRow(title: "a\u{2066}b\u{2069}c … › مرحبا", action: "x"))]),
            tabBar: TabBar(items: [TabBarItem(title: "T\u{202D}", badge: "\u{202E}3", isSelected: true)]),
            status: "Mail\u{202E}x stopped")
        let clean = Screen(
            title: "Mailsdrowssap", content: ViewTree([.row(ViewRow(title: "abc … › مرحبا", action: "x"))]),
            tabBar: TabBar(items: [TabBarItem(title: "T", badge: "3", isSelected: true)]), status: "Mailx stopped")
        for message in [ScreenMessage.frame(spoof), try #require(ScreenMessage.update(from: Self.list, to: spoof))] {
            #expect(!message.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        }
        let frame = try Self.object(ScreenMessage.frame(spoof))
        let data = try JSONSerialization.data(withJSONObject: try #require(frame["screen"]))
        #expect(try JSONDecoder().decode(Screen.self, from: data) == clean)
        // The control: a screen without them is sent exactly as before.
        #expect(ScreenMessage.frame(clean).contains("abc … › مرحبا"))
    }

    @Test func aFrameCarriesTheWholeScreen() throws {
        let frame = try Self.object(ScreenMessage.frame(Self.tabs))
        #expect(frame["type"] as? String == "frame")
        let data = try JSONSerialization.data(withJSONObject: try #require(frame["screen"]))
        #expect(try JSONDecoder().decode(Screen.self, from: data) == Self.tabs)
    }

    @Test func anUpdateCarriesOnlyWhatChangedAndNullForWhatWentAway() throws {
        let update = try #require(ScreenMessage.update(from: Self.tabs, to: Self.list))
        let changes = try #require(try Self.object(update)["changes"] as? [String: Any])
        #expect(Set(changes.keys) == ["title", "backLabel", "content", "tabBar", "status"])
        #expect(changes["backLabel"] is NSNull && changes["tabBar"] is NSNull && changes["status"] is NSNull)
        #expect(try Self.merge(Self.tabs, update) == Self.list)
        #expect(try Self.merge(Self.list, try #require(ScreenMessage.update(from: Self.list, to: Self.tabs))) == Self.tabs)

        var badge = Self.tabs
        badge.tabBar?.items[0].badge = "5"
        let small = try #require(ScreenMessage.update(from: Self.tabs, to: badge))
        #expect(Set(try #require(try Self.object(small)["changes"] as? [String: Any]).keys) == ["tabBar"])
        #expect(try Self.merge(Self.tabs, small) == badge)
    }

    @Test func nothingIsSentForAnEqualScreen() {
        #expect(ScreenMessage.update(from: Self.tabs, to: Self.tabs) == nil)
        #expect(ScreenMessage.next(after: Self.tabs, screen: Self.tabs) == nil)
        #expect(ScreenMessage.next(after: nil, screen: Self.tabs) == ScreenMessage.frame(Self.tabs))
    }

    /// A screen with every ABI 1.2 node and an alert.
    // Built anew for each use, not kept in a static: LeakSanitizer cannot follow the pointers Swift packs
    // into an enum's spare bits (ViewNode's payloads), and would report what a static holds as leaked.
    static var inputs: Screen {
        Screen(
            title: "Inputs",
            content: ViewTree([
                .textField(ViewTextField(id: "name", value: "Ada", placeholder: "Name")),
                .styled([.bold], .textField(ViewTextField(id: "pw", value: "hunter2", isSecure: true))),
                .textField(ViewTextField(id: "body", value: "two\nlines", isMultiline: true)),
                .toggle(id: "wifi", label: "Wi-Fi", isOn: true), .progress(label: "Loading", fraction: 0.5),
                .progress(label: nil, fraction: nil),
                .table(
                    ViewTable(
                        headers: ["PID", "Name"],
                        rows: [
                            ViewTableRow(
                                cells: ["1", "init"], action: "p1", style: [.bold], rowActions: [ViewRowAction(label: "Kill", action: "k1")]
                            )
                        ])),
                .row(ViewRow(title: "Notes", action: "open", rowActions: [ViewRowAction(label: "Delete", action: "del")])),
                .styled([.error, .monospace], .text("failed")),
            ]),
            alert: ScreenAlert(id: "confirm", title: "Delete?", message: "For good.", buttons: ["Delete", "Cancel"]))
    }

    /// What the page gets: the screen with the secure field's value emptied.
    static var inputsSent: Screen {
        var screen = inputs
        screen.content.nodes[1] = .styled([.bold], .textField(ViewTextField(id: "pw", value: "", isSecure: true)))
        return screen
    }

    @Test func aFrameCarriesTheNewNodesAndTheAlert() throws {
        let frame = try Self.object(ScreenMessage.frame(Self.inputs))
        let data = try JSONSerialization.data(withJSONObject: try #require(frame["screen"]))
        #expect(try JSONDecoder().decode(Screen.self, from: data) == Self.inputsSent)
        let alert = try #require((frame["screen"] as? [String: Any])?["alert"] as? [String: Any])
        #expect(alert["buttons"] as? [String] == ["Delete", "Cancel"])
    }

    /// The secure field's text never leaves the host: not in a frame, not in an update, and a change of
    /// it alone sends nothing.
    @Test func aSecureFieldsValueIsNeverSent() throws {
        #expect(!ScreenMessage.frame(Self.inputs).contains("hunter2"))
        #expect(ScreenMessage.frame(Self.inputs).contains("Ada"))
        var typed = Self.inputs
        typed.content.nodes[1] = .styled([.bold], .textField(ViewTextField(id: "pw", value: "hunter3", isSecure: true)))
        #expect(ScreenMessage.update(from: Self.inputs, to: typed) == nil)
        typed.content.nodes[0] = .textField(ViewTextField(id: "name", value: "Ada L", placeholder: "Name"))
        let update = try #require(ScreenMessage.update(from: Self.inputs, to: typed))
        #expect(!update.contains("hunter"))
        #expect(update.contains("Ada L"))
        #expect(ScreenMessage.sent(Self.inputs) == Self.inputsSent)
    }

    @Test func anAlertComesAndGoesAsOneChangedField() throws {
        var without = Self.inputs
        without.alert = nil
        let gone = try #require(ScreenMessage.update(from: Self.inputs, to: without))
        let changes = try #require(try Self.object(gone)["changes"] as? [String: Any])
        #expect(Set(changes.keys) == ["alert"])
        #expect(changes["alert"] is NSNull)
        let back = try #require(ScreenMessage.update(from: without, to: Self.inputs))
        #expect(try Self.merge(without, back) == Self.inputsSent)
    }
}
