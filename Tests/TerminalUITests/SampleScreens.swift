import TabKit

/// Screens shaped like the Tweetie demo, shared by the snapshot tests.
enum SampleScreens {
    static let accountTabs = TabBar(
        position: .bottom,
        items: [
            TabBarItem(title: "Favourites", glyph: "★", badge: "3", isSelected: true),
            TabBarItem(title: "Mentions", glyph: "@"),
            TabBarItem(title: "Messages", glyph: "✉", badge: "12"),
            TabBarItem(title: "More", glyph: "…", isMore: true),
        ])

    static let favourites = Screen(
        title: "Jack", backLabel: "Accounts",
        content: ViewTree([
            .section(title: "Today"),
            .row(ViewRow(title: "Coffee with Jill", detail: "09:30", action: "open.1")),
            .row(ViewRow(title: "Release notes", detail: "yesterday", action: "open.2", badge: "new")),
            .section(title: nil),
            .text("Pick a favourite to read it. Press Enter to open, Esc to go back."),
            .button(label: "Refresh", action: "refresh"),
        ]),
        tabBar: accountTabs)

    static var topBar: Screen {
        var screen = favourites
        screen.tabBar?.position = .top
        return screen
    }

    static let moreList = Screen(
        title: "More", backLabel: "Accounts",
        content: ViewTree([
            .row(ViewRow(title: "Lists", action: "more.3", glyph: "≡")),
            .row(ViewRow(title: "Profile", action: "more.4", glyph: "☺", badge: "1")),
            .row(ViewRow(title: "Settings", action: "more.5", glyph: "⚙")),
        ]),
        tabBar: TabBar(
            position: .bottom,
            items: [
                TabBarItem(title: "Favourites", glyph: "★"),
                TabBarItem(title: "Mentions", glyph: "@"),
                TabBarItem(title: "Messages", glyph: "✉"),
                TabBarItem(title: "More", glyph: "…", isSelected: true, isMore: true),
            ]))

    static let cjk = Screen(
        title: "東京の友達", backLabel: "アカウント",
        content: ViewTree([
            .row(ViewRow(title: "山田太郎", detail: "オンライン", action: "a")),
            .row(ViewRow(title: "Jill", detail: "离线", action: "b")),
            .row(ViewRow(title: "😀 Emoji", detail: "ok", action: "c")),
        ]),
        tabBar: TabBar(
            position: .bottom,
            items: [
                TabBarItem(title: "友達", glyph: "★", isSelected: true),
                TabBarItem(title: "設定", badge: "新"),
            ]))

    static let modal = Screen(
        title: "Compose", backLabel: nil,
        content: ViewTree([
            .text("Write a message to Jill."),
            .button(label: "Send", action: "send"),
            .image(path: "/opt/tabhost/modules/assets/logo.png", alt: nil),
        ]),
        isModal: true)

    static let customBar = Screen(
        title: "Launcher",
        content: ViewTree([.row(ViewRow(title: "Add clock", detail: "clock", action: "add.clock"))]),
        tabBar: TabBar(
            position: .top,
            items: [
                TabBarItem(title: "Home", isSelected: true), TabBarItem(title: "Clock"),
            ],
            custom: ViewTree([
                .button(label: "▶Home◀", action: "0"),
                .button(label: " Clock ", action: "1"),
            ])),
        status: "reloaded clock v2")
}
