import Foundation
import TabHostTesting
import TabModuleBundle
import Testing

/// A feed whose signature never matches it, sent as slowly as the minimum rate allows: the fetches again
/// share the one deadline of a feed (`TABHOST_DOWNLOAD_TIMEOUT`, 6 s here), so the update gives up within
/// it. Each fetch had a deadline of its own, and four of them held one module's update four times as long
/// (found by an outside-style attack).
@Suite(.tags(.slow), .selectedByTags)
struct UpdateFeedDeadlineTests {
    @Test func aForgedFeedSentSlowlyIsFetchedAgainOnlyWithinOneDeadline() throws {
        // About 5 s a fetch: 64 bytes every half second.
        let published = try PublishedClock(feedPath: "drip/feed.json?bytes=64&every=0.5")
        let bytes = try published.serve(try published.bundle(version: "1.5.0"))
        try published.announce(version: "1.5.0", bytes: bytes, combined: true)
        try published.forgeFeed()
        let before = published.scene.tree()
        let result = try published.scene.tabhost(["update"], extra: published.https.merging(["TABHOST_DOWNLOAD_TIMEOUT": "6"]) { $1 })
        #expect(result.termination == .exited(1), "\(result)")
        #expect(result.stderr.split(separator: "\n").filter { !$0.contains("\r") }.count == 1, "one line: \(result)")
        // The control: without the shared deadline all four fetches ran (UpdateFeedRaceTests counts them).
        let fetches = published.server.requests.filter { $0.contains("feed.json") }.count
        #expect(fetches >= 1 && fetches < 4, "\(published.server.requests)")
        #expect(published.scene.tree() == before)
        #expect(published.installedVersion == "1.4.0")
    }
}
