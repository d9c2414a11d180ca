import TabKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Screens and actions cross process boundaries and reach browsers as JSON: round trips are exact
/// and enums have one flat, readable shape (`type` names the case).
struct ScreenCodingTests {
    static let rich = Screen(
        title: "Jack", backLabel: "Accounts",
        content: ViewTree([
            .section(title: "Recent"), .section(title: nil),
            .row(ViewRow(title: "Lunch?", detail: "12:01", action: "open.1", glyph: "✉", badge: "2")),
            .row(ViewRow(title: "inert")),
            .text("Two\nlines, \"quoted\", 中文"),
            .button(label: "Refresh", action: "refresh"),
            .image(path: "/opt/tabhost/assets/logo.png", alt: "Logo"), .image(path: "/x.png", alt: nil),
        ]),
        tabBar: TabBar(
            position: .top,
            items: [
                TabBarItem(title: "Home", glyph: "⌂", image: "/img/home.png", badge: "", isSelected: true),
                TabBarItem(title: "More", glyph: "…", isMore: true),
            ],
            custom: ViewTree([.button(label: "[Home]", action: "0"), .button(label: "More", action: "1")])),
        isModal: true, status: "reloaded clock v2")

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aRichScreenSurvivesARoundTrip() throws {
        let data = try JSONEncoder().encode(Self.rich)
        #expect(try JSONDecoder().decode(Screen.self, from: data) == Self.rich)
        let bare = Screen(title: "")
        #expect(try JSONDecoder().decode(Screen.self, from: try JSONEncoder().encode(bare)) == bare)
    }

    @Test func nodesAreFlatObjectsNamedByType() throws {
        let nodes: [ViewNode] = [
            .section(title: "S"), .row(ViewRow(title: "R", detail: "d", action: "a")), .text("T"),
            .button(label: "B", action: "b"), .image(path: "/p.png", alt: nil),
        ]
        let expected = #"""
            [{"title":"S","type":"section"},{"action":"a","detail":"d","title":"R","type":"row"},\#
            {"text":"T","type":"text"},{"action":"b","label":"B","type":"button"},{"path":"/p.png","type":"image"}]
            """#.replacingOccurrences(of: "\n", with: "")
        #expect(try Self.json(nodes) == expected)
        #expect(try JSONDecoder().decode([ViewNode].self, from: Data(expected.utf8)) == nodes)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ViewNode.self, from: Data(#"{"type":"slider"}"#.utf8))
        }
    }

    @Test(arguments: [
        (ScreenAction.selectTab(2), #"{"slot":2,"type":"selectTab"}"#),
        (.activate("open.1"), #"{"id":"open.1","type":"activate"}"#),
        (.back, #"{"type":"back"}"#),
        (.dismiss, #"{"type":"dismiss"}"#),
        (.key(.up), #"{"key":1114113,"type":"key"}"#),
        (.key(TabKey(scalar: "q")), #"{"key":113,"type":"key"}"#),
        (.moveTab(from: 0, to: 3), #"{"from":0,"to":3,"type":"moveTab"}"#),
    ])
    func actionsHaveOneReadableShape(action: ScreenAction, json: String) throws {
        #expect(try Self.json(action) == json)
        #expect(try JSONDecoder().decode(ScreenAction.self, from: Data(json.utf8)) == action)
    }

    @Test func barPositionsAndItemsReadNaturally() throws {
        let bar = TabBar(position: .bottom, items: [TabBarItem(title: "A", badge: "3")])
        #expect(try Self.json(bar) == #"{"items":[{"badge":"3","isMore":false,"isSelected":false,"title":"A"}],"position":"bottom"}"#)
    }
}
