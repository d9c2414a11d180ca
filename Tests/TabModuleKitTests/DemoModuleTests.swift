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

    /// The timeline's head: Compose, the section, `@Jack` in bold, the lazy list of `count` tweets.
    static func timelineHead(_ count: Int) -> [String] {
        [
            #"button("Compose", "compose")"#, #"section("Timeline")"#, #"spans("Tweets of "/0 "@Jack"/2)"#,
            #"list("tweets", \#(count))"#,
        ]
    }

    /// The list's first rows as the host draws them: each `row` with its Copy row action.
    static func listRows(_ rows: [String]) -> [String] {
        rows.enumerated().flatMap { index, row in
            [row.replacingOccurrences(of: ", nil)", with: #", "open:\#(index)")"#), #"row_action("Copy", "copy:\#(index)")"#]
        }
    }

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
            timeline.render() == Self.timelineHead(100_000) + Self.listRows(Array(Self.seedRows.prefix(3))) + [
                "style(4)", #"text("100000 tweets")"#,
            ])

        timeline.action("compose")
        #expect(timeline.host.take() == [#"present_for_result("compose", "Jack", "compose", 1)"#])
        timeline.send(TAB_EVENT_RESULT, "compose", value: "Hello, world")
        #expect(timeline.host.take() == [#"toast("Posted", 32)"#, "invalidate()"])
        let posted = #"row("Hello, world", "@Jack", nil)"#
        #expect(
            timeline.render() == Self.timelineHead(100_001) + Self.listRows([posted] + Self.seedRows.prefix(2)) + [
                "style(4)", #"text("100001 tweets")"#,
            ])
        // Copy, a row action: the tweet goes to the clipboard.
        timeline.action("copy:1")
        #expect(timeline.host.take() == [#"copy_text("Coffee at nine, then the long walk.")"#, #"toast("Copied", 0)"#])

        // Cancel (NULL) adds nothing and says so; a result from another screen is not a tweet.
        timeline.send(TAB_EVENT_RESULT, "compose")
        timeline.send(TAB_EVENT_RESULT, "settings", value: "x")
        #expect(timeline.host.take() == ["invalidate()"])
        #expect(
            Array(timeline.render().prefix(4)) == [
                #"button("Compose", "compose")"#, "style(4)", #"text("Draft discarded.")"#, #"section("Timeline")"#,
            ])
        _ = timeline.host.take()

        // The posted tweets survive a reload, newest first.
        timeline.send(TAB_EVENT_RESULT, "compose", value: "Second")
        let saved = timeline.save(capacity: 256)
        let restored = try Self.instance("TabExampleTimeline")
        restored.start("Jack")
        #expect(restored.restore(Array(saved.buffer.prefix(saved.needed))))
        #expect(
            Array(restored.render().prefix(8)) == Self.timelineHead(100_002) + Self.listRows([#"row("Second", "@Jack", nil)"#, posted]))
        #expect(!restored.restore([1, 2, 3]))
    }

    @Test func composeFinishesWithTheDraftOrNothing() throws {
        let compose = try Self.instance("TabExampleCompose")
        compose.start("Jack")
        #expect(compose.host.take() == [#"set_title("New tweet as Jack")"#, "invalidate()"])
        #expect(
            compose.render() == Self.composeBar(enabled: true) + [
                #"text_field("body", nil, "What's happening?", 2)"#, "style(5)", #"text("0/280")"#,
            ])
        // Esc on the guarded modal: an empty draft closes.
        compose.send(type: TAB_EVENT_DISMISS)
        #expect(compose.host.take() == ["finish(nil)"])
        compose.action("post")  // nothing written: an error line, no finish
        #expect(compose.host.take() == ["invalidate()"])
        #expect(compose.render().contains(#"text("Write something first.")"#))

        compose.send(TAB_EVENT_TEXT, "body", value: "Héllo\nthere", focus: "body")
        #expect(compose.host.take() == ["invalidate()"])
        #expect(
            compose.render().dropFirst(3).prefix(3) == [
                #"text_field("body", "Héllo\#nthere", "What's happening?", 2)"#, "style(5)", #"text("11/280")"#,
            ])
        // Esc with a draft asks first; Discard closes.
        compose.send(type: TAB_EVENT_DISMISS)
        #expect(compose.host.take() == [#"alert("discard", "Discard this tweet?", nil, ["Discard", "Keep editing"])"#])
        compose.send(TAB_EVENT_ALERT, "discard", value: "Keep editing")
        #expect(compose.host.take() == [])
        compose.send(TAB_EVENT_ALERT, "discard", value: "Discard")
        #expect(compose.host.take() == ["finish(nil)"])
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
        #expect(Array(compose.render().prefix(3)) == Self.composeBar(enabled: length <= 280))
        #expect(compose.render().dropFirst(4).prefix(2) == [style, #"text("\#(length)/280")"#])
        compose.action("post")
        #expect(compose.host.take() == (length > 280 ? [] : [#"finish("\#(String(repeating: "é", count: length))")"#]))
    }

    /// Compose's title-bar buttons: Cancel, and Post disabled past 280 characters.
    static func composeBar(enabled: Bool) -> [String] {
        [#"bar_button("Cancel", "cancel", 0)"#, "enabled(\(enabled ? 1 : 0))", #"bar_button("Post", "post", 1)"#]
    }

    @Test func searchFiltersAsOneTypes() throws {
        let search = try Self.instance("TabExampleSearch")
        let all = search.render()
        let shortcut = #"shortcut(47, "Search", "find")"#
        #expect(all.prefix(3) == [shortcut, #"text_field("query", nil, "Search tweets", 0)"#, #"section("All tweets")"#])
        search.action("find")  // `/`: the focus goes back to the field
        #expect(search.host.take() == [#"focus("query")"#])
        #expect(all.suffix(2) == ["style(4)", #"text("6 of 6 tweets")"#])

        search.send(TAB_EVENT_TEXT, "query", value: "TOMATO", focus: "query")
        #expect(search.host.take() == ["invalidate()"])
        #expect(
            search.render() == [
                shortcut, #"text_field("query", "TOMATO", "Search tweets", 0)"#, #"section("Results")"#,
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
        #expect(restored.render().dropFirst().first == #"text_field("query", "zebra", "Search tweets", 0)"#)
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
