import Logging
import TabHostClient
import TabHostCommandLine
import TabHostWeb

/// The commands' browser front end over TabHostWeb's `WebFrontEnd` (Hummingbird).
struct HummingbirdWebFrontEnd: WebFrontEndStarting {
    func start(session: any ScreenSession, bindAddress: String, port: Int, logger: Logger) throws -> any RunningWebFrontEnd {
        let web = try WebFrontEnd(session: session, settings: WebSettings(bindAddress: bindAddress, port: port, logger: logger))
        _ = try web.start()
        return web
    }
}
