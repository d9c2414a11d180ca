/// A certificate chain and key loaded by `WebFrontEndStarting.loadTLS`, opaque to the commands: the
/// TLS code lives in `tabhost-web` only, so `tabhost`'s own start-up maps none of it.
public protocol WebTLSCredentials: Sendable {}
