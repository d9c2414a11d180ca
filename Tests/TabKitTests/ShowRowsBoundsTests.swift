import TabHostTesting
import TabKit
import Testing

/// A front end's `showRows` on a lazy list, whatever numbers it carries: a window starting past the most
/// rows a list may have is refused, one reaching past them ends there, and neither overflows (a page's
/// `start` of `Int.max` used to trap in `start + count`, ending the host).
struct ShowRowsBoundsTests {
    final class Lister: Controller, ListWindowing {
        let context = ControllerContext()
        var title: String { "Lister" }
        private(set) var windows: [Range<Int>] = []

        func render() -> ViewTree { ViewTree([.list(ViewList(id: "rows", count: ViewList.maximumCount))]) }
        func handle(_ event: ControllerEvent) {}
        func showRows(of list: String, rows: Range<Int>) { windows.append(rows) }
    }

    @Test func windowsPastTheMostRowsAreRefusedAndThoseReachingPastThemEndThere() {
        let lister = Lister()
        let host = ContainerHost(root: lister)
        _ = host.screen
        #expect(!host.apply(.showRows(list: "rows", start: Int.max, count: 1)))
        #expect(!host.apply(.showRows(list: "rows", start: ViewList.maximumCount, count: 64)))
        #expect(host.apply(.showRows(list: "rows", start: ViewList.maximumCount - 10, count: Int.max)))
        #expect(host.apply(.showRows(list: "rows", start: 0, count: 64)))
        #expect(lister.windows == [(ViewList.maximumCount - 10)..<ViewList.maximumCount, 0..<64])
    }
}
