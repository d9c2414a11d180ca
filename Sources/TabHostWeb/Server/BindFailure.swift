import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Why the server could not listen, as the end of one line for the user: the reason in words and what
/// to do, rather than the socket library's text (`bind(descriptor:ptr:bytes:): Address already in use`).
enum BindFailure {
    /// The reason `error` (what starting the server threw) gives, and what to do.
    static func text(_ error: any Error) -> String {
        guard let code = (error as? IOError)?.errnoCode else { return "\(error)" }
        switch code {
        case EADDRINUSE:
            return "the port is in use (by another program, or another tabhost); pass another --port, or --port 0 to pick a free one"
        case EACCES:
            return "permission denied (ports below 1024 need privileges); pass a port of 1024 or above, or --port 0"
        case EADDRNOTAVAIL:
            return "the address is not one of this machine's; pass --bind with one of its addresses"
        default:
            return "\(String(cString: strerror(code))); check --bind and --port"
        }
    }
}
