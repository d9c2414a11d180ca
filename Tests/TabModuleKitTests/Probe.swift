import Foundation
import TabModuleKit

/// A module built with TabModuleKit inside the test image: it reports every event (with its focus) to the
/// host's log, makes the host call an action names, and renders the view its start parameter picks.
final class Probe: TabModule {
    /// Declares permissions, so the descriptor test can see them joined.
    static let descriptor = ModuleDescriptor(name: "probe", version: "1.2", title: "Probe", permissions: ["network", "read:/tmp"])

    /// The host of this instance.
    let host: ModuleHost
    /// Which view `render` builds (the start parameter).
    var variant = "fields"

    required init(host: ModuleHost) {
        self.host = host
    }

    func start(param: String?) {
        variant = param ?? "fields"
    }

    func render(into view: inout View) {
        switch variant {
        case "fields":
            view.textField(id: "name", value: "Ada", placeholder: "Name")
            view.textField(id: "password", value: nil, options: .secure)
            view.textField(id: "body", value: "a\nb", placeholder: nil, options: [.secure, .multiline])
            view.toggle(id: "wifi", label: "Wi-Fi", isOn: true)
            view.toggle(id: "bt", label: "Bluetooth", isOn: false)
            view.progress(label: "Download", fraction: 0.25)
            view.progress(fraction: nil)
        case "styles":
            view.style(.error)
            view.text("failed")
            view.text("plain")
            view.styled([.monospace, .dim]) { view in
                view.row("a", detail: "1", action: "a")
                view.rowAction(label: "Delete", action: "delete:a")
                view.style(.bold)
                view.text("b")
            }
            view.style([.warning, .success])
            view.style([])
            view.button("OK", action: "ok")
        default:
            view.table(headers: ["Name", nil, "Size"])
            view.cells(["notes.txt", "text", "12 KB"], action: "open:notes")
            view.rowAction(label: "Delete", action: "delete:notes")
            view.rowAction(label: "Share", action: "share:notes")
            view.cells([nil, "", "x"])
        }
    }

    func handle(_ event: Event, focus: String?) {
        host.log(level: .debug, "\(event) focus=\(focus ?? "nil")")
        guard case .action(let id) = event else { return }
        switch id {
        case "finish": host.finish(result: "posted")
        case "back": host.finish()
        case "alert": host.alert(id: "delete", title: "Delete?", message: "It cannot be undone.", buttons: ["Delete", "Cancel"])
        case "alert-plain": host.alert(id: "info", title: "Done")
        case "timers":
            host.setTimer(id: "once", after: .milliseconds(1500))
            host.setTimer(id: "every", after: .zero, repeat: .milliseconds(250))
            host.setTimer(id: "fine", after: .microseconds(1), repeat: .nanoseconds(1))
            host.cancelTimer(id: "once")
        case "dirs": host.log("data=\(host.dataDirectory ?? "nil") module=\(host.moduleDirectory ?? "nil")")
        case "save": host.saveSoon()
        case "thread": callFromAnotherThread()
        default: break
        }
    }

    /// Makes the thread-safe calls from a thread of its own and waits for it.
    private func callFromAnotherThread() {
        let remote = host.threadSafe
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            remote.setTimer(id: "poll", after: .seconds(2), repeat: .seconds(2))
            remote.cancelTimer(id: "poll")
            remote.scheduleTick(after: .milliseconds(5))
            remote.saveSoon()
            remote.invalidate()
            remote.log(level: .warning, "from \(Thread.isMainThread ? "main" : "another") thread")
            done.signal()
        }
        thread.start()
        done.wait()
    }
}
