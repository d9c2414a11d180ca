import Logging
import TabHostClient
import TabHostCommandLine
import TabHostWeb

/// The commands' browser front end over TabHostWeb's `WebFrontEnd` (Hummingbird).
struct HummingbirdWebFrontEnd: WebFrontEndStarting {
    func loadTLS(certificatePath: String, keyPath: String) throws -> any WebTLSCredentials {
        try TLSIdentity.load(certificatePath: certificatePath, keyPath: keyPath)
    }

    func start(
        session: any ScreenSession, bindAddress: String, port: Int, tls: (any WebTLSCredentials)?, logger: Logger
    ) throws -> any RunningWebFrontEnd {
        let settings = WebSettings(bindAddress: bindAddress, port: port, tls: tls as? TLSIdentity, logger: logger)
        let web = try WebFrontEnd(session: session, settings: settings)
        _ = try web.start()
        return web
    }
}
