import Foundation
import TabHostTesting
import Testing

/// `tabhost` links no web stack; `serve` and `run --web` validate, then exec `tabhost-web`
/// (docs/user/browser.md; docs/contributing/performance-history.md has what it saves). What `tabhost`
/// reports itself, what it says when `tabhost-web` is missing, and the symbols.
@Suite(.blocking)
struct WebSplitTests {
    /// The symbol table of a built executable (`nm`).
    private func symbols(_ path: String) throws -> String {
        let nm = try run("/usr/bin/nm", arguments: [path])
        #expect(nm.succeeded, "\(nm.termination): \(nm.stderr)")
        return nm.stdout
    }

    @Test func tabhostHasNoHummingbirdOrNIOSymbolsAndTabhostWebHas() throws {
        let plain = try symbols(Products.tabhost)
        let web = try symbols(Products.directory + "/tabhost-web")
        // Both tables are real: the command line is in each.
        #expect(plain.contains("TabHostCommandLine") && web.contains("TabHostCommandLine"))
        #expect(!plain.contains("Hummingbird") && !plain.contains("NIOCore"))
        #expect(web.contains("Hummingbird") && web.contains("NIOCore"))
        // TLS (OpenSSL behind _CTLSShims) is the web front end's alone.
        #expect(!plain.contains("tabhost_tls_") && !plain.contains("SSL_CTX_new"))
        #expect(web.contains("tabhost_tls_context_create"))
    }

    @Test(arguments: [["serve"], ["serve", "--port", "0"], ["run", "--web", "0"]])
    func aMissingTabhostWebIsOneLineAndStatus1BeforeAnythingStarts(arguments: [String]) throws {
        try ListInspectSupport.withDirectory { home in
            let cache = home + "/cache"
            let output = try ListInspectSupport.run(
                arguments + ["--log", home + "/log"], environment: ["TABHOST_WEB": "/nonexistent/tabhost-web", "XDG_CACHE_HOME": cache])
            #expect(output.status == 1, "\(output)")
            #expect(output.stdout.isEmpty, "\(output)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(output)")
            #expect(output.stderr.contains("/nonexistent/tabhost-web") && output.stderr.contains("Scripts/install"), "\(output)")
            // Nothing of the session ran: no metadata cache, no log.
            #expect(!FileManager.default.fileExists(atPath: cache))
            #expect(!FileManager.default.fileExists(atPath: home + "/log"))
        }
    }

    @Test(arguments: [
        (["run", "--web", "nonsense"], "--web nonsense: expected [ADDR:]PORT"),
        (["serve", "--port", "70000"], "--port 70000: not a port number (0-65535)"),
        (["serve", "--bind", "10.0.0.1"], "tabhost: --bind 10.0.0.1: only loopback addresses"),
        (
            ["serve", "--bind", "127.0.0.1:8080"],
            "--bind 127.0.0.1:8080: an address alone, without a port; pass --bind 127.0.0.1 --port 8080"
        ),
        (["serve", "--bind", "[::1]:8080"], "--bind [::1]:8080: an address alone, without a port; pass --bind ::1 --port 8080"),
        (["run", "--web", "10.0.0.1:0"], "tabhost: --web 10.0.0.1: only loopback addresses"),
        (["serve", "--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
        (["serve", "--tls-key", "key.pem"], "--tls-cert and --tls-key go together"),
    ])
    func usageErrorsAreReportedByTabhostItselfWithStatus2(arguments: [String], message: String) throws {
        // With tabhost-web unreachable: the answer cannot have come from it.
        let output = try ListInspectSupport.run(arguments, environment: ["TABHOST_WEB": "/nonexistent/tabhost-web"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains(message), "\(output)")
        #expect(!output.stderr.contains("/nonexistent"), "\(output)")
    }

    /// A port another program listens on is one line saying so and what to do, not the socket library's text.
    @Test func aBusyPortIsOneLineSayingWhatToDo() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        #expect(bound && listen(listener, 1) == 0)
        let port = Int(UInt16(bigEndian: address.sin_port))
        try ListInspectSupport.withDirectory { dir in
            let output = try ListInspectSupport.run(["serve", "--port", "\(port)", "--modules", dir, "--log", dir + "/log"])
            #expect(output.status == 1, "\(output)")
            #expect(
                output.stderr.hasSuffix(
                    "cannot serve on 127.0.0.1:\(port): the port is in use (by another program, or another tabhost); "
                        + "pass another --port, or --port 0 to pick a free one\n"), "\(output)")
        }
    }
}
