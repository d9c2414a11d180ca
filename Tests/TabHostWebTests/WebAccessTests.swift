import Logging
import TabHostWeb
import TabHostWebProtocol
import Testing

/// Who gets in: the token presented as a WebSocket subprotocol (never a cookie), the WebSocket's Host and
/// Origin, the bind address.
struct WebAccessTests {
    let access = WebAccess(token: "0123456789abcdef0123456789abcdef")

    @Test func tokensAreFreshHexOf128Bits() {
        let tokens = (0..<50).map { _ in WebAccess.randomToken() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func onlyTheTokenAsASubprotocolLetsIn() {
        let token = access.token
        #expect(access.verdict(webSocketProtocols: ["tabhost, tabhost.token.\(token)"]) == .allowed)
        #expect(access.verdict(webSocketProtocols: ["tabhost", "tabhost.token.\(token)"]) == .allowed)
        #expect(access.verdict(webSocketProtocols: []) == .missing)
        #expect(access.verdict(webSocketProtocols: ["tabhost"]) == .missing)
        // What a cookie would have carried, anywhere else, counts for nothing.
        #expect(access.verdict(webSocketProtocols: ["tabhost-8080=\(token)", token]) == .missing)
        #expect(access.verdict(webSocketProtocols: ["tabhost, tabhost.token."]) == .wrong)
        #expect(access.verdict(webSocketProtocols: ["tabhost.token.\(token.dropLast())"]) == .wrong)
        #expect(access.verdict(webSocketProtocols: ["tabhost.token.\(token)x"]) == .wrong)
    }

    @Test(
        arguments: [
            ("127.0.0.1:8080", "http://127.0.0.1:8080", nil),
            ("localhost:8080", "http://localhost:8080", nil),
            ("[::1]:8080", "http://[::1]:8080", nil),
            ("127.0.0.1:2222", "http://127.0.0.1:2222", nil),  // an SSH tunnel's local port
            ("127.0.0.1:8080", "http://localhost:8080", "Origin http://localhost:8080 is not http://127.0.0.1:8080"),
            ("127.0.0.1:8080", "https://127.0.0.1:8080", "Origin https://127.0.0.1:8080 is not http://127.0.0.1:8080"),
            ("127.0.0.1:8080", "null", "Origin null is not http://127.0.0.1:8080"),
            ("evil.example:8080", "http://evil.example:8080", "Host evil.example:8080 is not a loopback name"),
            ("127.0.0.1.evil.example", "http://127.0.0.1.evil.example", "Host 127.0.0.1.evil.example is not a loopback name"),
            // Only a port may follow the name: no browser sends these, and a client that does gets no further.
            ("127.0.0.1:8080@ev.il", "http://127.0.0.1:8080@ev.il", "Host 127.0.0.1:8080@ev.il is not a loopback name"),
            ("127.0.0.1:ev.il:8080", "http://127.0.0.1:ev.il:8080", "Host 127.0.0.1:ev.il:8080 is not a loopback name"),
            ("[::1]evil.example", "http://[::1]evil.example", "Host [::1]evil.example is not a loopback name"),
            ("[::1", "http://[::1", "Host [::1 is not a loopback name"),
            ("127.0.0.1:", "http://127.0.0.1:", "Host 127.0.0.1: is not a loopback name"),
            ("localhost", "http://localhost", nil),
            ("[::1]", "http://[::1]", nil),
        ] as [(String, String, String?)])
    func theWebSocketNeedsALoopbackHostAndItsOwnOrigin(host: String, origin: String, refusal: String?) {
        #expect(WebAccess.webSocketRefusal(host: host, origin: origin) == refusal)
    }

    @Test(
        arguments: [
            ("127.0.0.1:8443", "https://127.0.0.1:8443", nil),
            ("host.example:8443", "https://host.example:8443", nil),  // served beyond loopback: the certificate names it
            ("127.0.0.1:8443", "http://127.0.0.1:8443", "Origin http://127.0.0.1:8443 is not https://127.0.0.1:8443"),
            ("host.example:8443", "https://evil.example:8443", "Origin https://evil.example:8443 is not https://host.example:8443"),
            ("host.example:8443", "https://host.example", "Origin https://host.example is not https://host.example:8443"),
        ] as [(String, String, String?)])
    func overHTTPSTheWebSocketNeedsExactlyTheHTTPSOrigin(host: String, origin: String, refusal: String?) {
        #expect(WebAccess.webSocketRefusal(host: host, origin: origin, secure: true) == refusal)
    }

    @Test func missingHeadersAreRefused() {
        #expect(WebAccess.webSocketRefusal(host: nil, origin: "http://127.0.0.1:1") == "no Host header")
        #expect(WebAccess.webSocketRefusal(host: "127.0.0.1:1", origin: nil) == "no Origin header")
    }

    @Test func onlyLoopbackAddressesAreBound() {
        for name in ["127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST"] {
            #expect(WebAddress.isLoopback(hostName: name), "\(name)")
        }
        for name in ["0.0.0.0", "192.168.1.2", "::", "127.0.0.256", "127.0.0", "localhost.example", ""] {
            #expect(!WebAddress.isLoopback(hostName: name), "\(name)")
        }
        let logger = Logger(label: "test")
        #expect(WebSettings(bindAddress: "127.0.0.1", logger: logger).bindRefusal == nil)
        let refusal = WebSettings(bindAddress: "0.0.0.0", logger: logger).bindRefusal
        #expect(refusal?.contains("SSH tunnel") == true)
        #expect(refusal?.contains("--tls-cert FILE --tls-key FILE") == true)
        #expect(WebAddress.bindRefusal(for: "0.0.0.0", tls: true) == nil)
        #expect(WebAddress.bindRefusal(for: "192.168.1.2", tls: true) == nil)
    }

    @Test func localhostIsListenedOnAsTheIPv4LoopbackWithoutTLS() {
        let logger = Logger(label: "test")
        for name in ["localhost", "LocalHost"] { #expect(WebSettings(bindAddress: name, logger: logger).listenAddress == "127.0.0.1") }
        for name in ["127.0.0.1", "::1", "127.0.0.2"] { #expect(WebSettings(bindAddress: name, logger: logger).listenAddress == name) }
    }

    @Test func everyAddressHasItsSpellings() {
        for name in ["0.0.0.0", "::", "0:0:0:0:0:0:0:0", "::0"] { #expect(WebAddress.isUnspecified(hostName: name), "\(name)") }
        for name in ["127.0.0.1", "::1", "localhost", "", "0.0.0", "10.0.0.0"] {
            #expect(!WebAddress.isUnspecified(hostName: name), "\(name)")
        }
    }

    @Test func webAddressesParse() {
        #expect(WebAddress.parse("8080")! == (nil, 8080))
        #expect(WebAddress.parse("0")! == (nil, 0))
        #expect(WebAddress.parse("127.0.0.1:9000")! == ("127.0.0.1", 9000))
        #expect(WebAddress.parse("[::1]:9000")! == ("::1", 9000))
        for bad in ["", "x", "70000", ":80", "[::1]", "[::1]9000", "a:b", "-1"] {
            #expect(WebAddress.parse(bad) == nil, "\(bad)")
        }
    }
}
