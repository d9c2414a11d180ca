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
}
