import TabHostWebProtocol
import TabKit
import Testing

/// `showRows` asks for rows of a lazy list on the screen: a window that starts past the most rows a
/// list may have (`ViewList.maximumCount`) is refused by its numbers, so no sum of them can overflow in
/// the host; one reaching past it starts within it and passes (the host ends it there).
struct ShowRowsValidationTests {
    static let screen = Screen(
        title: "Posts", content: ViewTree([.list(ViewList(id: "rows", count: ViewList.maximumCount))]),
        tabBar: TabBar(items: [TabBarItem(title: "A", isSelected: true)]))

    @Test(arguments: [
        (#"{"type":"showRows","list":"rows","start":9223372036854775807,"count":1}"#, "showRows rows: rows 9223372036854775807 +1"),
        (#"{"type":"showRows","list":"rows","start":2147483647,"count":64}"#, "showRows rows: rows 2147483647 +64"),
        (#"{"type":"showRows","list":"rows","start":-1,"count":64}"#, "showRows rows: rows -1 +64"),
        (#"{"type":"showRows","list":"other","start":0,"count":64}"#, "showRows other: no such list on the screen"),
    ])
    func windowsPastTheMostRowsAreRefused(json: String, reason: String) {
        #expect(ActionValidationTests.refusal(json, on: Self.screen) == reason)
    }

    @Test(arguments: [
        #"{"type":"showRows","list":"rows","start":0,"count":64}"#,
        #"{"type":"showRows","list":"rows","start":2147483600,"count":9223372036854775807}"#,
    ])
    func windowsWithinPass(json: String) {
        #expect(ActionValidationTests.refusal(json, on: Self.screen) == nil)
    }
}
