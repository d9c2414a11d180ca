import SystemPackage
import _CTLSShims

/// A server's certificate chain and private key for HTTPS (`tabhost serve --tls-cert FILE --tls-key FILE`),
/// loaded and checked once (PEM, the key matching the certificate) and shared by every connection:
/// TLS 1.2 or later, ALPN `http/1.1`, over Debian's OpenSSL through `_CTLSShims`.
public final class TLSIdentity: @unchecked Sendable {
    // @unchecked: an OpenSSL SSL_CTX may be used by several threads once configured, and this one is
    // never changed after `load`.
    private let context: OpaquePointer

    /// The certificate's first subjectAltName (DNS name or IP address), else its common name: the host the
    /// address names when the server listens on every address (`--bind 0.0.0.0`).
    public let certificateName: String?

    private init(context: OpaquePointer) {
        self.context = context
        var name = [CChar](repeating: 0, count: 256)
        let found = tabhost_tls_context_certificate_name(context, &name, name.count) != 0
        certificateName = found ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    deinit { tabhost_tls_context_free(context) }

    /// Loads `certificatePath` (the PEM certificate chain, leaf first) and `keyPath` (its unencrypted PEM
    /// private key). Throws one line naming the file, what is wrong with it and what to do.
    public static func load(certificatePath: String, keyPath: String) throws(WebFrontEndError) -> TLSIdentity {
        var result = TABHOST_TLS_LOADED
        var errorNumber: Int32 = 0
        var detail = [CChar](repeating: 0, count: 256)
        guard
            let context = tabhost_tls_context_create(certificatePath, keyPath, &result, &errorNumber, &detail, detail.count)
        else {
            let reason = String(decoding: detail.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WebFrontEndError(
                refusal(result, certificatePath: certificatePath, keyPath: keyPath, errorNumber: errorNumber, detail: reason))
        }
        return TLSIdentity(context: context)
    }

    /// The line for a failed load.
    static func refusal(
        _ result: tabhost_tls_load_result, certificatePath: String, keyPath: String, errorNumber: Int32, detail: String
    ) -> String {
        let openSSL = detail.isEmpty ? "" : " (OpenSSL: \(detail))"
        let errno = Errno(rawValue: errorNumber).description
        switch result {
        case TABHOST_TLS_CERTIFICATE_UNREADABLE:
            return "--tls-cert \(certificatePath): cannot read it: \(errno); pass this server's certificate chain, a PEM file"
        case TABHOST_TLS_CERTIFICATE_NOT_PEM:
            return "--tls-cert \(certificatePath): not a PEM certificate\(openSSL); "
                + "pass the certificate chain in PEM (-----BEGIN CERTIFICATE-----, the server's first)"
        case TABHOST_TLS_KEY_UNREADABLE:
            return "--tls-key \(keyPath): cannot read it: \(errno); pass the certificate's private key, a PEM file readable by this user"
        case TABHOST_TLS_KEY_NOT_PEM:
            // OpenSSL's reason here ("unsupported") says less than this line does.
            return "--tls-key \(keyPath): not an unencrypted PEM private key (no -----BEGIN PRIVATE KEY----- block it can read); "
                + "pass the key in PEM without a passphrase (openssl pkey -in KEY -out PLAIN.pem)"
        case TABHOST_TLS_KEY_MISMATCH:
            return "--tls-key \(keyPath): not the private key of --tls-cert \(certificatePath)\(openSSL); "
                + "pass the key the certificate was made for"
        default:
            return "cannot set up TLS\(openSSL); try again"
        }
    }

    /// A server-side connection waiting for a ClientHello.
    func makeConnection() throws(WebFrontEndError) -> TLSConnection {
        guard let connection = tabhost_tls_connection_create(context) else {
            throw WebFrontEndError("cannot make a TLS connection: out of memory")
        }
        return TLSConnection(connection)
    }
}
