import TabHostCommandLine
import TabHostWeb

/// What `loadTLS` hands the commands, and `start` takes back.
extension TLSIdentity: WebTLSCredentials {}
