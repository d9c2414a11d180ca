import FoundationEssentials
import TabHostWebProtocol
import TabKit
import TabLayout

extension FuzzTarget {
    /// A browser's WebSocket text message, read and checked as `WebFrontEnd` does, and an action
    /// that passes applied to a live host (a stack over a tab container with a More list, its first
    /// tab a screen with every ABI 1.2 node: text fields, a toggle, a table with row actions).
    ///
    /// Checked besides: an action decoded re-encodes to JSON that decodes to the same action, and
    /// the screen after it (as the server sends it, `Screen`'s JSON) decodes to the same screen.
    static let websocket = FuzzTarget("websocket", "WebSocket message decoder (ActionValidation.decode, refusal, ContainerHost.apply)") {
        bytes in
        guard case .success(let action) = ActionValidation.decode(String(decoding: bytes, as: UTF8.self)) else { return }
        let encoded = try? JSONEncoder().encode(action)
        precondition(encoded.flatMap { try? JSONDecoder().decode(ScreenAction.self, from: $0) } == action, "\(action) does not round-trip")
        guard let layout = try? Layout.parse(webLayout, knownModules: ["accounts", "clock", "form"]) else { return }
        let host = ContainerHost(layout: layout, factory: FuzzControllerFactory())
        host.start()
        let screen = host.screen
        guard ActionValidation.refusal(of: action, on: screen) == nil else { return }
        _ = host.apply(action)
        let after = host.screen
        _ = ScreenMessage.update(from: screen, to: after)
        let json = try? JSONEncoder().encode(after)
        precondition(
            json.flatMap { try? JSONDecoder().decode(Screen.self, from: $0) } == after, "the screen after \(action) does not round-trip")
    }

    private static let webLayout = """
        {"root": {"stack": {"tabs": [{"name": "f", "module": "form"}, {"name": "a", "module": "accounts"},
         {"name": "b", "module": "clock"}, {"name": "c", "module": "clock"}, {"name": "d", "module": "accounts"}], "capacity": 4}}}
        """
}
