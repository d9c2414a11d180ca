import Foundation
import TabHostTesting
import TabKit
import TabModuleLoading
import Testing

/// The seed's Tweetie shape on the model, driven with the REAL example modules (built `.so` files through
/// libltdl) and the shipped demo layout: accounts → Jack → More → a detail pushed onto the application's
/// stack (covering the bar) → Back → Back. Every screen is compared whole. Rules 30, 36, 37 and 40 of
/// docs/container-rules.md with real modules.
@Suite(.serialized)
struct TweetieModuleTests {
    typealias S = TweetieModuleSupport

    static let accountsScreen = Screen(
        title: "Accounts",
        content: ViewTree([
            .section(title: "Accounts"), .row(ViewRow(title: "Jack", action: "Jack")), .row(ViewRow(title: "Jill", action: "Jill")),
            .row(ViewRow(title: "John", action: "John")), .section(title: "Workspace"),
            .row(ViewRow(title: "Dynamic tabs", action: "@workspace")),
        ]))

    static func accountBar(selected: Int, favouritesBadge: String?) -> TabBar {
        TabBar(
            position: .bottom,
            items: [
                TabBarItem(
                    title: "Favourites", glyph: "★", image: S.asset("TabExampleFavourites", "favourites.svg"), badge: favouritesBadge,
                    isSelected: selected == 0),
                TabBarItem(
                    title: "More", glyph: "…", image: S.asset("TabExampleAccountMore", "accountmore.svg"), isSelected: selected == 1),
                TabBarItem(title: "Timeline", glyph: "≡", image: S.asset("TabExampleTimeline", "timeline.svg"), isSelected: selected == 2),
                TabBarItem(title: "Search", glyph: "⌕", image: S.asset("TabExampleSearch", "search.svg"), isSelected: selected == 3),
            ])
    }

    static func favouritesScreen(_ account: String, seen: Int) -> Screen {
        let items = ["Coffee at nine", "The long walk", "Saturday market", "Old letters"]
        let rows = items.enumerated().map { index, title in
            ViewNode.row(ViewRow(title: title, detail: index < seen ? "seen" : "new", action: "open:\(index)"))
        }
        return Screen(
            title: account, backLabel: "Accounts",
            content: ViewTree([.section(title: "\(account)'s favourites")] + rows + [.text("Opened \(seen) time\(seen == 1 ? "" : "s").")]),
            tabBar: accountBar(selected: 0, favouritesBadge: seen >= 4 ? nil : "\(4 - seen)"))
    }

    static func moreScreen(_ account: String, favouritesBadge: String?) -> Screen {
        Screen(
            title: account, backLabel: "Accounts",
            content: ViewTree(
                [.section(title: account)]
                    + ["Followers", "Following", "Lists", "Settings", "Audience"].map { .row(ViewRow(title: $0, action: $0)) }),
            tabBar: accountBar(selected: 1, favouritesBadge: favouritesBadge))
    }

    static func detailScreen(_ subject: String, back: String) -> Screen {
        Screen(
            title: subject, backLabel: back,
            content: ViewTree([
                .section(title: "Details"), .row(ViewRow(title: "Subject", detail: subject)),
                .row(ViewRow(title: "Length", detail: "\(subject.count) characters")), .row(ViewRow(title: "Started", detail: "1")),
                .image(path: S.asset("TabExampleDetail", "detail.svg"), alt: "[detail]"), .button(label: "Back", action: "back"),
            ]),
            tabBar: nil)
    }

    @Test func accountsToJackToMoreToADetailOnTheApplicationStackAndBackTwice() throws {
        let support = try S()
        defer { support.close() }
        #expect(support.registry.errors.isEmpty, "\(support.registry.errors)")
        let host = try support.startHost(layoutText: try S.demoLayout(), file: "demo.json")
        #expect(host.screen.withoutContentID == Self.accountsScreen)
        let stack = try #require(host.applicationStack)
        #expect(stack.stack.count == 1)

        #expect(host.apply(.activate("Jack")))
        #expect(host.screen.withoutContentID == Self.favouritesScreen("Jack", seen: 0))
        #expect(stack.stack.count == 2)

        // Opening a favourite lowers the badge the module sets through the host API.
        #expect(host.apply(.activate("open:0")))
        #expect(host.screen.withoutContentID == Self.favouritesScreen("Jack", seen: 1))

        #expect(host.apply(.selectTab(1)))
        #expect(host.screen.withoutContentID == Self.moreScreen("Jack", favouritesBadge: "3"))

        // More's row pushes the detail onto the APPLICATION's stack: it covers the bar.
        #expect(host.apply(.activate("Following")))
        #expect(host.screen.withoutContentID == Self.detailScreen("Jack: Following", back: "Jack"))
        #expect(stack.stack.count == 3)

        #expect(host.apply(.back))
        #expect(host.screen.withoutContentID == Self.moreScreen("Jack", favouritesBadge: "3"))
        #expect(stack.stack.count == 2)

        // The detail's own Back button pops through the host API just like Back.
        #expect(host.apply(.activate("Lists")))
        #expect(host.screen.withoutContentID == Self.detailScreen("Jack: Lists", back: "Jack"))
        #expect(host.apply(.activate("back")))
        #expect(host.screen.withoutContentID == Self.moreScreen("Jack", favouritesBadge: "3"))

        #expect(host.apply(.back))
        #expect(host.screen.withoutContentID == Self.accountsScreen)
        #expect(stack.stack.count == 1)

        // A second account gets fresh instances: Jill's favourites start with all four new.
        #expect(host.apply(.activate("Jill")))
        #expect(host.screen.withoutContentID == Self.favouritesScreen("Jill", seen: 0))
        #expect(host.apply(.back))
        #expect(host.screen.withoutContentID == Self.accountsScreen)
    }

    @Test func dynamicTabsAddOnceThenReselectAndRestartWithTheNewParam() throws {
        let support = try S()
        defer { support.close() }
        let host = try support.startHost(layoutText: try S.demoLayout(), file: "demo.json")
        #expect(host.apply(.activate("@workspace")))
        #expect(host.screen.title == "Workspace")
        #expect(host.screen.backLabel == "Accounts")
        #expect(host.screen.tabBar?.items.map(\.title) == ["Launcher", "Clock", "Counter"])

        #expect(host.apply(.activate("launch:0")))
        var screen = host.screen
        // The detail module titles itself with its param; like UIKit's title, that names the tab item.
        #expect(screen.tabBar?.items.map(\.title) == ["Launcher", "Clock", "Counter", "Shopping list"])
        #expect(screen.title == "Workspace")
        #expect(screen.tabBar?.items.map(\.isSelected) == [false, false, false, true])
        #expect(screen.content.nodes.contains(ViewNode.row(ViewRow(title: "Subject", detail: "Shopping list"))))
        #expect(screen.content.nodes.contains(ViewNode.row(ViewRow(title: "Started", detail: "1"))))

        #expect(host.apply(.selectTab(0)))
        #expect(host.apply(.activate("launch:1")))
        screen = host.screen
        // The same tab (no fifth item), restarted with the new param (the detail sets its title to it).
        #expect(screen.tabBar?.items.map(\.title) == ["Launcher", "Clock", "Counter", "Holiday plans"])
        #expect(screen.title == "Workspace")
        #expect(screen.tabBar?.items.map(\.isSelected) == [false, false, false, true])
        #expect(screen.content.nodes.contains(ViewNode.row(ViewRow(title: "Subject", detail: "Holiday plans"))))
        #expect(screen.content.nodes.contains(ViewNode.row(ViewRow(title: "Started", detail: "2"))))
        #expect(support.runtime.controllers(ofModule: "detail").count == 1)
    }
}
