import TabHostTesting
import TabKit
import Testing

/// A tab-bar controller draws the bar; decimal action ids select slots like tags on a fake bar (a user tap:
/// rules 17–18 of docs/container-rules.md; the bar is part of the visible chain: rule 6).
@Suite(.blocking)
struct TabBarModuleTests {
    /// A bar that renders one button per item from its container's items, plus its own button.
    final class FancyBar: Controller {
        let context = ControllerContext()
        let log: Log
        var title: String { "bar" }
        init(_ log: Log) { self.log = log }

        func render() -> ViewTree {
            let items = (context.parent as? TabItemSource)?.barItems ?? []
            return ViewTree(
                items.enumerated().map { i, item in
                    .button(
                        label: (item.isSelected ? "[\(item.title)]" : item.title) + (item.badge.map { " (\($0))" } ?? ""), action: String(i)
                    )
                } + [.button(label: "shuffle", action: "shuffle")])
        }

        func lifecycle(_ event: LifecycleEvent) { log.add("bar.\(describe(event))") }
        func handle(_ event: ControllerEvent) { log.add("bar.\(event)") }
    }

    @Test func theBarControllersRenderingBecomesTheCustomBarAndItsTagsSelectTabs() {
        let f = TabFixture(["A", "B", "C"], capacity: 0)
        let bar = FancyBar(f.log)
        f.tabs.setBarController(bar)
        #expect(f.log.take() == ["bar.willMove(tabs)", "bar.loaded", "bar.willAppear", "bar.didAppear", "bar.didMove(tabs)"])
        f.tabs.setBadge("2", forTab: "C")
        #expect(
            f.host.screen.tabBar?.custom
                == ViewTree([
                    .button(label: "[A]", action: "0"), .button(label: "B", action: "1"), .button(label: "C (2)", action: "2"),
                    .button(label: "shuffle", action: "shuffle"),
                ]))
        #expect(f.host.apply(.activate("2")))
        #expect(
            f.log.take() == [
                "shouldSelect(C)", "C.willMove(stack)", "C.didMove(stack)", "C.loaded", "C.willAppear", "A.willDisappear",
                "A.didDisappear", "C.didAppear", "didSelect(C)",
            ])
        #expect(f.host.apply(.activate("shuffle")))
        #expect(f.log.take() == ["bar.action(\"shuffle\")"])
    }

    @Test func theBarAppearsAndDisappearsWithItsContainer() {
        let f = TabFixture(["A"])
        f.tabs.setBarController(FancyBar(f.log))
        _ = f.log.take()
        f.host.present(Rec("Modal", f.log))
        #expect(
            f.log.take() == [
                "Modal.loaded", "tabs.willDisappear", "A.willDisappear", "bar.willDisappear", "Modal.willAppear",
                "tabs.didDisappear", "A.didDisappear", "bar.didDisappear", "Modal.didAppear",
            ])
    }
}
