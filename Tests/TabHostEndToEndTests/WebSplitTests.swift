import Foundation
import TabHostTesting
import Testing

/// `tabhost` links no web stack; `serve` and `run --web` validate, then exec `tabhost-web`
/// (docs/user/browser.md; docs/contributing/performance-history.md has what it saves). What `tabhost`
/// reports itself, what it says when `tabhost-web` is missing, and the symbols.
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
}
