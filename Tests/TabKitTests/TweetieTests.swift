import TabHostTesting
import TabKit
import TabLayout
import Testing

/// The Tweetie shape end to end on the model, with recording controllers standing for modules:
/// accounts list → push the "@account" container titled "Jack" → Favourites/Account tabs → the Account
/// tab pushes a screen onto the application's stack (bar covered) → Back → Back. Rules 11, 33, 37 and 40 of
/// docs/container-rules.md along one path.
struct TweetieTests {
    static let modules: Set<String> = ["accounts", "favourites", "accountmore", "profile"]
    static let layout = """
        {
          "root": {"stack": {"module": "accounts"}},
          "templates": {
            "@account": {
              "tabs": [
                {"name": "favourites", "module": "favourites", "title": "Favourites", "glyph": "★"},
                {"name": "account", "module": "accountmore", "title": "Account", "glyph": "@"}
              ]
            }
          }
        }
        """

    @Test func accountsToAccountToProfileAndBackAgain() throws {
        let log = Log()
        let factory = TableFactory(log, modules: Self.modules)
        factory.setUp["accounts"] = { rec in
            rec.title = "Accounts"
            rec.on("jack") { me in _ = try? me.host?.push(module: "@account", param: "Jack") }
        }
        factory.setUp["accountmore"] = { rec in
            rec.on("profile") { me in _ = try? me.host?.push(module: "profile", param: "Jack") }
        }
        factory.setUp["profile"] = { $0.title = "Profile" }
        let host = ContainerHost(layout: try Layout.parse(Self.layout, knownModules: Self.modules), factory: factory)
        host.start()
        #expect(
            log.take() == [
                "make(accounts)", "accounts.willMove(stack)", "accounts.didMove(stack)", "accounts.start(nil)",
                "accounts.loaded", "accounts.willAppear", "accounts.didAppear",
            ])
        let accountsScreen = Screen(
            title: "Accounts", content: ViewTree([.text("accounts content"), .row(ViewRow(title: "jack", action: "jack"))]))
        #expect(host.screen.withoutContentID == accountsScreen)

        // Picking Jack pushes the account container; its first tab is created, started and shown.
        #expect(host.apply(.activate("jack")))
        #expect(
            log.take() == [
                "accounts.action(jack)", "accounts.willDisappear", "make(favourites)", "favourites.willMove(stack)",
                "favourites.didMove(stack)", "favourites.start(Jack)", "favourites.loaded", "favourites.willAppear",
                "accounts.didDisappear", "favourites.didAppear",
            ])
        #expect(
            host.screen.withoutContentID
                == Screen(
                    title: "Jack", backLabel: "Accounts", content: ViewTree([.text("favourites content")]),
                    tabBar: TabBar(items: [
                        TabBarItem(title: "Favourites", glyph: "★", isSelected: true), TabBarItem(title: "Account", glyph: "@"),
                    ])))

        // The Account tab.
        #expect(host.apply(.selectTab(1)))
        #expect(
            log.take() == [
                "make(accountmore)", "accountmore.willMove(stack)", "accountmore.didMove(stack)", "accountmore.start(Jack)",
                "accountmore.loaded", "accountmore.willAppear", "favourites.willDisappear", "favourites.didDisappear",
                "accountmore.didAppear",
            ])
        let accountScreen = Screen(
            title: "Jack", backLabel: "Accounts",
            content: ViewTree([.text("accountmore content"), .row(ViewRow(title: "profile", action: "profile"))]),
            tabBar: TabBar(items: [
                TabBarItem(title: "Favourites", glyph: "★"), TabBarItem(title: "Account", glyph: "@", isSelected: true),
            ]))
        #expect(host.screen.withoutContentID == accountScreen)

        // The Account tab pushes onto the APPLICATION's stack: the bar is covered.
        #expect(host.apply(.activate("profile")))
        #expect(
            log.take() == [
                "accountmore.action(profile)", "make(profile)", "profile.start(Jack)", "profile.willMove(stack)",
                "profile.loaded", "accountmore.willDisappear", "profile.willAppear", "accountmore.didDisappear",
                "profile.didAppear", "profile.didMove(stack)",
            ])
        #expect(host.screen.withoutContentID == Screen(title: "Profile", backLabel: "Jack", content: ViewTree([.text("profile content")])))
        #expect(host.screen.tabBar == nil)

        // Back: the profile goes, the container and its bar come back with the Account tab selected.
        #expect(host.apply(.back))
        #expect(
            log.take() == [
                "profile.willMove(nil)", "profile.willDisappear", "accountmore.willAppear", "profile.didDisappear",
                "accountmore.didAppear", "profile.didMove(nil)",
            ])
        #expect(host.screen.withoutContentID == accountScreen)

        // Back: the container goes; the accounts list is shown again.
        #expect(host.apply(.back))
        #expect(
            log.take() == [
                "accountmore.willDisappear", "accounts.willAppear", "accountmore.didDisappear", "accounts.didAppear",
            ])
        #expect(host.screen.withoutContentID == accountsScreen)
        #expect(host.apply(.back) == false)
        #expect(factory.made.allSatisfy { $0.cycleViolations.isEmpty })
    }
}
