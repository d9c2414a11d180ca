import TabHostWebProtocol
import TabKit
import TabLayout

extension FuzzTarget {
    /// A browser's WebSocket text message, read and checked as `WebFrontEnd` does, and an action
    /// that passes applied to a live host (a stack over a tab container with a More list).
    static let websocket = FuzzTarget("websocket", "WebSocket message decoder (ActionValidation.decode, refusal, ContainerHost.apply)") {
        bytes in
        guard case .success(let action) = ActionValidation.decode(String(decoding: bytes, as: UTF8.self)) else { return }
        guard let layout = try? Layout.parse(webLayout, knownModules: ["accounts", "clock"]) else { return }
        let host = ContainerHost(layout: layout, factory: FuzzControllerFactory())
        host.start()
        let screen = host.screen
        guard ActionValidation.refusal(of: action, on: screen) == nil else { return }
        _ = host.apply(action)
        _ = host.screen
    }

    private static let webLayout = """
        {"root": {"stack": {"tabs": [{"name": "a", "module": "accounts"}, {"name": "b", "module": "clock"},
         {"name": "c", "module": "clock"}, {"name": "d", "module": "accounts"}], "capacity": 3}}}
        """
}
