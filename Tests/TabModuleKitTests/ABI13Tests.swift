import CTabModule
import TabModuleKit
import Testing

/// ABI 1.3 through TabModuleKit: a Swift module (``Kit13``) driven through its C descriptor as the host
/// drives it: the lazy list's row closure reached through `list_row`, spans, bar buttons, shortcuts, the
/// host calls, `Event.dismiss`.
@Suite(.serialized)
struct ABI13Tests {
    let descriptor: UnsafePointer<tab_module_descriptor>

    init() throws {
        let raw = try #require(TabModuleExport.entry(for: Kit13.self))
        descriptor = raw.assumingMemoryBound(to: tab_module_descriptor.self)
    }

    @Test func theViewCallsAndTheLazyListsRows() throws {
        #expect(descriptor.pointee.abi_minor == 3 && descriptor.pointee.list_row != nil)
        let instance = try ModuleInstance(descriptor: descriptor)
        #expect(
            instance.render() == [
                "bar_button(\"Cancel\", \"cancel\", 0)", "enabled(0)", "bar_button(\"Post\", \"post\", 1)",
                "shortcut(47, \"Search\", \"search\")", "spans(\"Hello \"/0 \"@ann\"/2)", "list(\"posts\", 100000)",
                "row(\"Post 0\", nil, \"open 0\")", "row_action(\"Copy\", \"copy 0\")", "row(\"Post 1\", nil, \"open 1\")",
                "row_action(\"Copy\", \"copy 1\")", "row(\"Post 2\", nil, \"open 2\")", "row_action(\"Copy\", \"copy 2\")",
            ])
    }

    @Test func theHostCallsAndDismiss() throws {
        let instance = try ModuleInstance(descriptor: descriptor)
        instance.action("calls")
        #expect(
            instance.host.take() == [
                "focus(\"search\")", "scroll_to(\"posts\", 5)", "push_for_result(\"kit13\", \"p\", 0, \"compose\")",
                "present_for_result(\"kit13\", nil, \"reply\", 1)", "copy_text(\"text\")", "toast(\"Posted\", 32)",
                "log(1, \"now 1234\")",
            ])
        instance.send(type: TAB_EVENT_DISMISS)
        #expect(instance.host.take() == ["log(1, \"dismiss\")"])
    }
}

/// The module of ``ABI13Tests``.
final class Kit13: TabModule {
    static let descriptor = ModuleDescriptor(name: "kit13", title: "Kit 1.3")
    let host: ModuleHost

    required init(host: ModuleHost) {
        self.host = host
    }

    func render(into view: inout View) {
        view.barButton("Cancel", action: "cancel", side: .leading)
        view.enabled(false)
        view.barButton("Post", action: "post")
        view.shortcut("/", label: "Search", action: "search")
        view.spans([Span("Hello "), Span("@ann", style: .bold)])
        view.list(id: "posts", count: 100_000) { index, view in
            view.row("Post \(index)", action: "open \(index)")
            view.rowAction(label: "Copy", action: "copy \(index)")
        }
    }

    func handle(_ event: Event) {
        switch event {
        case .action("calls"):
            host.focus("search")
            host.scroll(to: "posts", index: 5)
            host.pushForResult("kit13", param: "p", tag: "compose")
            host.presentForResult("kit13", tag: "reply", confirmDismiss: true)
            host.copy("text")
            host.toast("Posted", style: .success)
            host.log(level: .info, "now \(host.nowMilliseconds)")
        case .dismiss: host.log(level: .info, "dismiss")
        default: break
        }
    }
}
