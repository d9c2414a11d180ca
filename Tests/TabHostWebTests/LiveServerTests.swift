import Foundation
import TabHostTesting
import TabHostWebProtocol
import TabKit
import Testing

/// `tabhost serve` as a browser meets it: a real process on a free port, spoken to over raw
/// HTTP/1.1 and WebSocket connections with exactly the headers a test chooses.
@Suite(.tags(.browser), .selectedByTags, .timeLimit(.minutes(2)))
struct LiveServerTests {
    /// A server message as JSON, with the frame's screen decoded.
    struct Message {
        let type: String
        let object: [String: Any]
        var changes: [String: Any] { object["changes"] as? [String: Any] ?? [:] }

        init(_ text: String?) throws {
            let text = try #require(text, "the server closed the WebSocket")
            object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            type = try #require(object["type"] as? String)
        }

        func screen() throws -> Screen {
            let data = try JSONSerialization.data(withJSONObject: try #require(object["screen"]))
            return try JSONDecoder().decode(Screen.self, from: data)
        }
    }

    @Test func theFirstLineIsTheAddressWithAFreshTokenAndSIGTERMEndsCleanly() throws {
        let a = try ServedHost()
        let b = try ServedHost()
        #expect(a.url.hasPrefix("http://127.0.0.1:") && a.port > 0)
        #expect(a.token != b.token && a.port != b.port)
        #expect(a.stop() == 0)
        #expect(b.stop() == 0)
    }

    /// An empty `TABHOST_WEB` names nothing (the rule of every variable the host reads): `tabhost`
    /// execs the `tabhost-web` beside it, where an empty path would fail to start.
    @Test func anEmptyTabhostWebVariableCountsAsUnset() throws {
        let host = try ServedHost(environment: ["TABHOST_WEB": ""])
        #expect(host.port > 0)
        #expect(host.stop() == 0)
    }

    @Test(arguments: [
        ["serve", "--bind", "0.0.0.0"], ["serve", "--bind", "192.168.1.1", "--port", "8080"], ["run", "--web", "0.0.0.0:0"],
    ])
    func anotherAddressThanLoopbackIsRefusedWithOneLine(arguments: [String]) throws {
        let result = try run(Products.tabhost, arguments: arguments)
        let stderr = result.stderr
        #expect(result.termination == .exited(2), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(stderr.contains("only loopback addresses") && stderr.contains("SSH tunnel"), "\(stderr)")
    }

    @Test func thePageNeedsTheTokenWhichBecomesAStrictHttpOnlyCookie() throws {
        let host = try ServedHost()
        #expect(try host.get("/").status == 401)
        #expect(try host.get("/?token=" + String(repeating: "0", count: 32)).status == 403)
        #expect(try host.get("/app.js").status == 401)
        #expect(try host.get("/", headers: ["Cookie": "tabhost-\(host.port)=nope"]).status == 403)

        let page = try host.get("/?token=" + host.token)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains(#"<main id="content""#))
        let cookie = try #require(page.headers["set-cookie"])
        #expect(cookie.hasPrefix(host.cookie + ";") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["referrer-policy"] == "no-referrer")

        // From then on the cookie stands for the token.
        let script = try host.get("/app.js", headers: ["Cookie": "other=1; " + host.cookie])
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try host.get("/style.css", headers: ["Cookie": host.cookie]).status == 200)
        #expect(try host.get("/nothing-here", headers: ["Cookie": host.cookie]).status == 404)
        #expect(host.waitForLog("web: refused /: no token"))
    }

    @Test func theWebSocketNeedsTheCookieAndTheSameOrigin() throws {
        let host = try ServedHost()
        // No credentials, a wrong token, another origin, no origin, a foreign Host (DNS rebinding): refused.
        let refusals: [([String: String], String)] = [
            (["Origin": host.origin], "no token"),
            (["Origin": host.origin, "Cookie": "tabhost-\(host.port)=bad"], "wrong token"),
            (["Origin": "http://evil.example", "Cookie": host.cookie], "Origin http://evil.example is not"),
            (["Origin": "http://127.0.0.1:1", "Cookie": host.cookie], "Origin http://127.0.0.1:1 is not"),
            (["Cookie": host.cookie], "no Origin header"),
            (
                ["Host": "evil.example:\(host.port)", "Origin": "http://evil.example:\(host.port)", "Cookie": host.cookie],
                "Host evil.example:\(host.port) is not a loopback name"
            ),
        ]
        for (headers, reason) in refusals {
            let response = try host.connect().upgrade(port: host.port, headers: headers)
            #expect(response.status != 101, "accepted: \(headers)")
            #expect(host.waitForLog("refused a WebSocket: " + reason), "no log line for \(reason)")
        }
        // The token in the query works as the cookie does; localhost is a loopback Host too.
        let socket = try host.connect()
        let accepted = try socket.get(
            "/ws?token=\(host.token)",
            headers: [
                "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Host": "localhost:\(host.port)",
                "Origin": "http://localhost:\(host.port)",
            ], port: host.port)
        #expect(accepted.status == 101)
        #expect(try Message(socket.receiveText()).type == "frame")
        // A plain GET of /ws (no upgrade) says what is missing.
        #expect(try host.get("/ws").status == 401)
        #expect(try host.get("/ws", headers: ["Cookie": host.cookie, "Origin": host.origin]).status == 426)
    }

    @Test func aFullFrameOnConnectThenOnlyTheChangedFieldsAfterAnAction() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        let first = try Message(socket.receiveText())
        #expect(first.type == "frame")
        let screen = try first.screen()
        #expect(screen.title == "Accounts")
        #expect(screen.content.focusableActions.contains("Jack"))

        try socket.sendText(#"{"type":"activate","id":"Jack"}"#)
        let update = try Message(socket.receiveText())
        #expect(update.type == "update")
        #expect(update.changes["title"] as? String == "Jack")
        #expect(update.changes["backLabel"] as? String == "Accounts")
        #expect(update.changes["tabBar"] is [String: Any])
        #expect(update.changes["isModal"] == nil, "an unchanged field was sent")

        // A second page joining now gets the whole current screen.
        let second = try host.openWebSocket()
        let joined = try Message(second.receiveText()).screen()
        #expect(joined.title == "Jack" && joined.tabBar?.items.first?.title == "Favourites")

        // What one page does, the other sees.
        try second.sendText(#"{"type":"back"}"#)
        #expect(try Message(socket.receiveText()).changes["title"] as? String == "Accounts")
        #expect(try Message(second.receiveText()).changes["title"] as? String == "Accounts")
    }

    @Test func imagesAreServedOnlyWhenTheCurrentScreenReferencesThem() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        try socket.sendText(#"{"type":"activate","id":"Jack"}"#)
        let update = try Message(socket.receiveText())
        let items = try #require((update.changes["tabBar"] as? [String: Any])?["items"] as? [[String: Any]])
        let image = try #require(items.first?["image"] as? String)
        #expect(image.hasPrefix("/") && image.hasSuffix("favourites.svg"))
        let path = "/image?path=" + image.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

        let served = try host.get(path, headers: ["Cookie": host.cookie])
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "image/svg+xml")
        #expect(served.headers["x-content-type-options"] == "nosniff")
        #expect(served.headers["content-security-policy"]?.hasPrefix("sandbox") == true)
        #expect(served.text.hasPrefix("<svg"))
        #expect(try host.get(path).status == 401)

        // A file that exists but is not on screen, one outside any module, and junk: 404 alike.
        let clock = image.replacingOccurrences(of: "Favourites", with: "Clock").replacingOccurrences(of: "favourites", with: "clock")
        #expect(FileManager.default.fileExists(atPath: clock))
        for other in [clock, "/etc/passwd", "/etc/hostname", image + "/..", "relative.svg", ""] {
            let encoded = other.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try host.get("/image?path=" + encoded, headers: ["Cookie": host.cookie]).status == 404, "\(other)")
        }
        // Back on the accounts list no image is referenced any more.
        try socket.sendText(#"{"type":"back"}"#)
        _ = try socket.receiveText()
        #expect(try host.get(path, headers: ["Cookie": host.cookie]).status == 404)
    }

    @Test func badMessagesAreIgnoredWithALogLine() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        try socket.sendText("not json")
        try socket.sendText(#"{"type":"fly"}"#)
        try socket.sendText(#"{"type":"selectTab","slot":"two"}"#)
        try socket.sendText(#"{"type":"selectTab","slot":7}"#)
        try socket.sendText(#"{"type":"activate","id":"Nobody"}"#)
        try socket.sendText(#"{"type":"dismiss"}"#)
        let long = ActionValidation.maximumMessageBytes + 1
        try socket.sendText(String(repeating: "x", count: long))
        try socket.sendFrame(opcode: 2, [1, 2, 3])
        #expect(socket.staysQuiet(for: .milliseconds(300)), "a bad message changed the screen")
        // The connection and the host live on.
        try socket.sendText(#"{"type":"activate","id":"Jill"}"#)
        #expect(try Message(socket.receiveText()).changes["title"] as? String == "Jill")
        for line in [
            "ignored a message from a page: not an action: not json",
            #"ignored a message from a page: not an action: {"type":"fly"}"#,
            "ignored an action from a page: selectTab 7",
            "ignored an action from a page: activate Nobody",
            "ignored an action from a page: dismiss",
            "ignored a message from a page: message of \(long) bytes",
            "ignored a binary message",
        ] {
            #expect(host.waitForLog(line), "no log line: \(line)")
        }
        #expect(host.process.isRunning)
    }

    /// The longest edit a page can send (a whole field of the characters JSON escapes the most) is read
    /// as an action: the demo's screen has no such field, so it is refused as one, not as a message.
    @Test func theLongestEditIsReadAsAnAction() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        let edit = ScreenAction.editText(field: "f", value: String(repeating: "\u{1}", count: ActionValidation.maximumFieldBytes))
        try socket.sendText(String(decoding: try JSONEncoder().encode(edit), as: UTF8.self))
        #expect(host.waitForLog("ignored an action from a page: f: no such text field on the screen"))
        try socket.sendText(#"{"type":"activate","id":"Jill"}"#)
        #expect(try Message(socket.receiveText()).changes["title"] as? String == "Jill")
    }

    @Test func anOversizedFrameClosesOnlyThatPagesConnection() throws {
        let host = try ServedHost()
        let other = try host.openWebSocket()
        _ = try other.receiveText()
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        let far = 2 * ActionValidation.maximumMessageBytes
        try socket.sendText(#"{"type":"activate","id":""# + String(repeating: "a", count: far) + #""}"#)
        #expect(try socket.receiveText() == nil, "the connection stayed open")
        try other.sendText(#"{"type":"activate","id":"John"}"#)
        #expect(try Message(other.receiveText()).changes["title"] as? String == "John")
        #expect(host.process.isRunning)
    }
}
