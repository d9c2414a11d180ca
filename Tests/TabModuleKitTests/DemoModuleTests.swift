import CTabModule
import Testing

/// The demo's ABI 1.2 modules in C (Plugins/Timeline, Compose, Search, Settings, Downloads, Followers and
/// AccountMore's new rows), loaded from the build directory and driven through their descriptors as the
/// host drives them, with a recording host API: what each draws, the host calls each makes, and its state.
@Suite(.serialized)
struct DemoModuleTests {
    /// A fresh instance of the example built as `product`.
    static func instance(_ product: String) throws -> ModuleInstance {
        try ModuleInstance(BuiltModule.load(product: product))
    }

    static let seedRows = [
        #"row("Coffee at nine, then the long walk.", "@jill", nil)"#,
        #"row("Saturday market had the good tomatoes again.", "@john", nil)"#,
        #"row("Found a box of old letters in the attic.", "@jack", nil)"#,
        #"row("Who else is reading on the train today?", "@jill", nil)"#,
    ]

    @Test func everyNewModuleDeclaresABI12() throws {
        for product in ["Timeline", "Compose", "Search", "Settings", "Downloads", "Followers"] {
            let d = try BuiltModule.load(product: "TabExample\(product)").descriptor.pointee
            #expect(d.abi_minor == 3 && d.struct_size == UInt32(MemoryLayout<tab_module_descriptor>.size), "\(product)")
            #expect(String(cString: try #require(d.name)) == product.lowercased())
        }
    }

    @Test func timelinePresentsComposeAndShowsTheResult() throws {
        let timeline = try Self.instance("TabExampleTimeline")
        timeline.start("Jack")
        #expect(timeline.host.take() == ["invalidate()"])
        #expect(
            timeline.render() == [#"button("Compose", "compose")"#, #"section("Timeline")"#] + Self.seedRows + [
                "style(4)", #"text("4 tweets")"#,
            ])

        timeline.action("compose")
        #expect(timeline.host.take() == [#"present("compose", "Jack")"#])
        timeline.send(TAB_EVENT_RESULT, "compose", value: "Hello, world")
        #expect(timeline.host.take() == ["invalidate()"])
        let posted = #"row("Hello, world", "@Jack", nil)"#
        #expect(
            timeline.render() == [#"button("Compose", "compose")"#, #"section("Timeline")"#, posted] + Self.seedRows + [
                "style(4)", #"text("5 tweets")"#,
            ])

        // Cancel (NULL) adds nothing and says so; a result from another screen is not a tweet.
        timeline.send(TAB_EVENT_RESULT, "compose")
        timeline.send(TAB_EVENT_RESULT, "settings", value: "x")
        #expect(timeline.host.take() == ["invalidate()"])
        #expect(
            Array(timeline.render().prefix(4)) == [
                #"button("Compose", "compose")"#, "style(4)", #"text("Draft discarded.")"#, #"section("Timeline")"#,
            ])

        // The posted tweets survive a reload, newest first.
        timeline.send(TAB_EVENT_RESULT, "compose", value: "Second")
        let saved = timeline.save(capacity: 256)
        let restored = try Self.instance("TabExampleTimeline")
        restored.start("Jack")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        #expect(
            restored.render().prefix(4) == [
                #"button("Compose", "compose")"#, #"section("Timeline")"#, #"row("Second", "@Jack", nil)"#, posted,
            ])
        #expect(!restored.restore([1, 2, 3]))
    }

    @Test func composeFinishesWithTheDraftOrNothing() throws {
        let compose = try Self.instance("TabExampleCompose")
        compose.start("Jack")
        #expect(compose.host.take() == [#"set_title("New tweet as Jack")"#, "invalidate()"])
        #expect(
            compose.render() == [
                #"text_field("body", nil, "What's happening?", 2)"#, "style(5)", #"text("0/280")"#, #"button("Post", "post")"#,
                #"button("Cancel", "cancel")"#,
            ])
        compose.action("post")  // nothing written: an error line, no finish
        #expect(compose.host.take() == ["invalidate()"])
        #expect(compose.render().contains(#"text("Write something first.")"#))

        compose.send(TAB_EVENT_TEXT, "body", value: "Héllo\nthere", focus: "body")
        #expect(compose.host.take() == ["invalidate()"])
        #expect(
            compose.render().prefix(3) == [
                #"text_field("body", "Héllo\#nthere", "What's happening?", 2)"#, "style(5)", #"text("11/280")"#,
            ])
        compose.action("post")
        #expect(compose.host.take() == [#"finish("Héllo\#nthere")"#])
        compose.action("cancel")
        #expect(compose.host.take() == ["finish(nil)"])
    }

    @Test(arguments: [(265, "style(17)"), (281, "style(9)")])
    func composeWarnsNearTheLimitAndRefusesPast(_ length: Int, _ style: String) throws {
        let compose = try Self.instance("TabExampleCompose")
        compose.send(TAB_EVENT_TEXT, "body", value: String(repeating: "é", count: length))
        _ = compose.host.take()
        #expect(compose.render().dropFirst().prefix(2) == [style, #"text("\#(length)/280")"#])
        compose.action("post")
        #expect(compose.host.take() == (length > 280 ? [] : [#"finish("\#(String(repeating: "é", count: length))")"#]))
    }

    @Test func searchFiltersAsOneTypes() throws {
        let search = try Self.instance("TabExampleSearch")
        let all = search.render()
        #expect(all.prefix(2) == [#"text_field("query", nil, "Search tweets", 0)"#, #"section("All tweets")"#])
        #expect(all.suffix(2) == ["style(4)", #"text("6 of 6 tweets")"#])

        search.send(TAB_EVENT_TEXT, "query", value: "TOMATO", focus: "query")
        #expect(search.host.take() == ["invalidate()"])
        #expect(
            search.render() == [
                #"text_field("query", "TOMATO", "Search tweets", 0)"#, #"section("Results")"#,
                #"row("Saturday market had the good tomatoes again.", "@john", nil)"#,
                #"row("Tomatoes, basil, bread: dinner is solved.", "@john", nil)"#, "style(4)", #"text("2 of 6 tweets")"#,
            ])
        search.send(TAB_EVENT_TEXT, "query", value: "@jack")
        #expect(search.render().filter { $0.hasPrefix("row(") }.count == 2)
        search.send(TAB_EVENT_TEXT, "query", value: "zebra")
        #expect(search.render().suffix(2) == ["style(4)", #"text("No tweet matches.")"#])

        let saved = search.save(capacity: 64)
        let restored = try Self.instance("TabExampleSearch")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        #expect(restored.render().first == #"text_field("query", "zebra", "Search tweets", 0)"#)
    }

    @Test func settingsTogglesAndKeepsThem() throws {
        let settings = try Self.instance("TabExampleSettings")
        settings.start("Jack")
        _ = settings.host.take()
        #expect(
            settings.render() == [
                #"section("Jack")"#, #"toggle("notifications", "Notifications", 1)"#, #"toggle("sounds", "Sounds", 0)"#,
                #"toggle("autoplay", "Play videos automatically", 0)"#, #"toggle("private", "Protect my tweets", 0)"#,
            ])
        settings.send(TAB_EVENT_TOGGLE, "notifications", value: "0", focus: "notifications")
        settings.send(TAB_EVENT_TOGGLE, "private", value: "1")
        settings.send(TAB_EVENT_TOGGLE, "unknown", value: "1")
        #expect(settings.host.take() == ["invalidate()", "invalidate()"])
        let after = settings.render()
        #expect(
            after.contains(#"toggle("notifications", "Notifications", 0)"#) && after.contains(#"toggle("private", "Protect my tweets", 1)"#)
        )
        #expect(
            after.suffix(4) == [
                "style(32)", #"text("Only your followers see your tweets.")"#, "style(16)", #"text("You will not hear about replies.")"#,
            ])

        let saved = settings.save(capacity: 64)
        let restored = try Self.instance("TabExampleSettings")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        #expect(restored.render().contains(#"toggle("private", "Protect my tweets", 1)"#))
    }

    @Test func downloadsAdvanceOnTheirTimersAndCancel() throws {
        let downloads = try Self.instance("TabExampleDownloads")
        #expect(
            downloads.render() == [
                #"section("tweets-archive.zip")"#, #"button("Download", "start:archive")"#, #"section("media-export.tar")"#,
                #"button("Download", "start:media")"#,
            ])
        downloads.action("start:archive")
        downloads.action("start:media")
        #expect(
            downloads.host.take() == [
                #"set_timer("archive", 1000, 200)"#, "invalidate()", #"set_timer("media", 1000, 350)"#, "invalidate()",
            ])
        #expect(
            downloads.render().prefix(3) == [
                #"section("tweets-archive.zip")"#, #"progress("Connecting…", -1.0)"#, #"button("Cancel", "cancel:archive")"#,
            ])

        downloads.send(TAB_EVENT_TIMER, "archive")
        #expect(downloads.host.take() == ["invalidate()"])
        #expect(downloads.render().prefix(2) == [#"section("tweets-archive.zip")"#, #"progress("2%", 0.025)"#])
        downloads.action("cancel:media")
        #expect(downloads.host.take() == [#"cancel_timer("media")"#, "invalidate()"])
        #expect(downloads.render().suffix(3) == ["style(8)", #"text("Cancelled.")"#, #"button("Download again", "start:media")"#])

        // The state moves to a reloaded instance, which sets the running download's timer again.
        let saved = downloads.save(capacity: 64)
        let restored = try Self.instance("TabExampleDownloads")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        #expect(restored.host.take() == [#"set_timer("archive", 200, 200)"#, "invalidate()"])

        for _ in 0..<39 { downloads.send(TAB_EVENT_TIMER, "archive") }
        let finished = downloads.host.take()
        #expect(
            finished.suffix(4) == [
                #"cancel_timer("archive")"#, #"log(1, "downloads: tweets-archive.zip finished")"#, "save_soon()", "invalidate()",
            ])
        #expect(
            downloads.render().prefix(4) == [
                #"section("tweets-archive.zip")"#, #"progress("100%", 1.0)"#, "style(32)", #"text("Downloaded.")"#,
            ])
        downloads.send(TAB_EVENT_TIMER, "archive")  // one already queued when it finished: ignored
        #expect(downloads.host.take().isEmpty)
    }

    @Test func followersRemoveARowAfterTheAlertSaysSo() throws {
        let followers = try Self.instance("TabExampleFollowers")
        let table = followers.render()
        #expect(table.first == #"columns(["Name", "Handle", "Since", "Tweets"])"#)
        #expect(
            table[1...3] == [
                "style(1)", #"cells(["Jill Hill", "@jill", "2009-03", "1,204"], "open:0")"#, #"row_action("Remove", "remove:0")"#,
            ])
        #expect(table.count == 1 + 4 * 3)

        followers.action("remove:2")
        #expect(followers.host.take() == [#"alert("remove:2", "Remove @ada?", "They will not be told.", ["Remove", "Cancel"])"#])
        followers.send(TAB_EVENT_ALERT, "remove:2", value: "Cancel")
        #expect(followers.host.take().isEmpty)
        followers.send(TAB_EVENT_ALERT, "remove:2", value: "Remove")
        #expect(followers.host.take() == ["invalidate()"])
        #expect(!followers.render().contains { $0.contains("@ada") })

        followers.action("open:0")
        #expect(followers.host.take() == [#"push("detail", "@jill", 0)"#])

        let saved = followers.save(capacity: 64)
        let restored = try Self.instance("TabExampleFollowers")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        for row in [0, 1, 3] { restored.send(TAB_EVENT_ALERT, "remove:\(row)", value: "Remove") }
        #expect(restored.render().suffix(2) == ["style(4)", #"text("No followers left.")"#])
    }

    @Test(arguments: [
        ("Audience", #"push("followers", "Jack", 1)"#), ("Settings", #"push("settings", "Jack", 1)"#),
        ("Followers", #"push("detail", "Jack: Followers", 1)"#),
    ])
    func moreRowsPushTheirScreensOnTheApplicationStack(_ row: String, _ push: String) throws {
        let more = try Self.instance("TabExampleAccountMore")
        more.start("Jack")
        _ = more.host.take()
        more.action(row)
        #expect(more.host.take() == [push])
    }
}
