import Foundation
import TabHostTesting
import TabHostWebProtocol
import TabKit
import Testing

/// `tabhost serve` as a browser meets it: a real process on a free port, spoken to over raw
/// HTTP/1.1 and WebSocket connections with exactly the headers a test chooses.
@Suite(.tags(.browser), .selectedByTags, .hangGuard, .blocking)
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

    /// The private temporary directories `/tmp/tabhost-tmp-PID-*` of host `pid`: its modules' TMPDIRs and
    /// its spare child's, made ahead.
    static func temporaryDirectories(of pid: Int32) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        return names.filter { $0.hasPrefix("tabhost-tmp-\(pid)-") }.map { "/tmp/" + $0 }
    }

    /// A host's private temporary directories do not outlive it: the server removes its own as it ends on
    /// SIGTERM, and removes what a killed host left (a dead pid's, with what its module wrote there, a
    /// link out not followed) once its first child started; a live process's stays (the control).
    @Test func temporaryDirectoriesDoNotOutliveTheirHost() throws {
        let exited = try run("/bin/sh", arguments: ["-c", "echo $$"])
        let dead = try #require(Int32(exited.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(exited)")
        let stale = "/tmp/tabhost-tmp-\(dead)-notes-killed"
        let live = "/tmp/tabhost-tmp-\(getpid())-notes-living"
        let outside = try Fixture(prefix: "tabhost-victim")
        let victim = try outside.write("victim", text: "kept")
        #expect(mkdir(stale, 0o700) == 0 && mkdir(live, 0o700) == 0)
        #expect(FileManager.default.createFile(atPath: stale + "/left", contents: Data("by the module".utf8)))
        #expect(symlink(outside.directory, stale + "/out") == 0)
        defer {
            _ = try? FileManager.default.removeItem(atPath: stale)
            rmdir(live)
        }
        let host = try ServedHost()
        // The sweep runs on the host's spawner thread after its first child started, beside the loop.
        let deadline = ContinuousClock.now + .seconds(20)
        while (Self.temporaryDirectories(of: host.process.pid).isEmpty || access(stale, F_OK) == 0) && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        #expect(!Self.temporaryDirectories(of: host.process.pid).isEmpty, "the server made no TMPDIR")
        #expect(access(stale, F_OK) != 0, "a killed host's TMPDIR was left")
        #expect(access(live, F_OK) == 0, "a live process's TMPDIR was removed")
        #expect((try? String(contentsOfFile: victim, encoding: .utf8)) == "kept", "the sweep followed a link out")
        #expect(host.stop() == 0)
        #expect(Self.temporaryDirectories(of: host.process.pid).isEmpty, "\(Self.temporaryDirectories(of: host.process.pid))")
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

    /// The page's files are the same in every copy of TabHost and drive nothing: served to anyone, and no
    /// response ever sets a cookie (browsers would send it to every other server on 127.0.0.1).
    @Test func thePageIsStaticAndNoResponseSetsACookie() throws {
        let host = try ServedHost()
        let page = try host.get("/?token=" + host.token)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains(#"<main id="content""#))
        #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["referrer-policy"] == "no-referrer")
        #expect(!page.text.contains(host.token))
        let script = try host.get("/app.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try host.get("/nothing-here").status == 404)
        for path in ["/", "/?token=" + host.token, "/app.js", "/style.css", "/render.js", "/favicon.svg", "/ws", "/image/x"] {
            let response = try host.get(path, headers: ["Cookie": host.cookie])
            #expect(response.headers["set-cookie"] == nil, "\(path) set a cookie")
            #expect(!response.text.contains(host.token), "\(path) carries the token")
        }
    }

    /// The page's policy names the WebSocket by the request's Host: a Host holding a quote or a `;` (sent by
    /// something other than a browser) would add sources of its choosing; only a host and port go in.
    @Test func aHostHeaderCannotWidenThePagesPolicy() throws {
        let host = try ServedHost()
        let plain = try host.get("/", headers: ["Host": "127.0.0.1:\(host.port)"])
        #expect(plain.headers["content-security-policy"]?.contains("connect-src 'self' ws://127.0.0.1:\(host.port);") == true)
        let forged = try host.get("/", headers: ["Host": "a' 'unsafe-inline' *; script-src *"])
        let policy = try #require(forged.headers["content-security-policy"])
        #expect(
            policy == "default-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", "\(policy)")
    }

    @Test func theWebSocketNeedsTheTokenAsASubprotocolAndTheSameOrigin() throws {
        let host = try ServedHost()
        // No credentials, a cookie only (what another server on 127.0.0.1 could be sent), a wrong token,
        // another origin, no origin, a foreign Host (DNS rebinding): refused.
        let refusals: [([String: String], String)] = [
            (["Origin": host.origin], "no token"),
            (["Origin": host.origin, "Cookie": host.cookie], "no token"),
            (["Origin": host.origin, "Sec-WebSocket-Protocol": "tabhost, tabhost.token.bad"], "wrong token"),
            (["Origin": "http://evil.example", "Sec-WebSocket-Protocol": host.protocols], "Origin http://evil.example is not"),
            (["Origin": "http://127.0.0.1:1", "Sec-WebSocket-Protocol": host.protocols], "Origin http://127.0.0.1:1 is not"),
            (["Sec-WebSocket-Protocol": host.protocols], "no Origin header"),
            (
                [
                    "Host": "evil.example:\(host.port)", "Origin": "http://evil.example:\(host.port)",
                    "Sec-WebSocket-Protocol": host.protocols,
                ],
                "Host evil.example:\(host.port) is not a loopback name"
            ),
        ]
        for (headers, reason) in refusals {
            let response = try host.connect().upgrade(port: host.port, headers: headers)
            #expect(response.status != 101, "accepted: \(headers)")
            #expect(host.waitForLog("refused a WebSocket: " + reason), "no log line for \(reason)")
        }
        // The token in the address of the WebSocket is not the way either.
        let query = try host.connect().get(
            "/ws?token=\(host.token)",
            headers: [
                "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": host.origin, "Cookie": host.cookie,
            ], port: host.port)
        #expect(query.status != 101)
        // The subprotocol works; the server picks "tabhost"; localhost is a loopback Host too.
        let socket = try host.connect()
        let accepted = try socket.upgrade(
            port: host.port,
            headers: [
                "Host": "localhost:\(host.port)", "Origin": "http://localhost:\(host.port)", "Sec-WebSocket-Protocol": host.protocols,
            ])
        #expect(accepted.status == 101)
        #expect(accepted.headers["sec-websocket-protocol"] == "tabhost")
        #expect(try Message(socket.receiveText()).type == "frame")
        // A plain GET of /ws (no upgrade) says what is missing.
        #expect(try host.get("/ws", headers: ["Cookie": host.cookie]).status == 401)
        #expect(try host.get("/ws", headers: ["Sec-WebSocket-Protocol": host.protocols, "Origin": host.origin]).status == 426)
    }

    /// `tabhost serve` prints the address with its token for the user; the log (which others may be
    /// able to read) names the origin only.
    @Test func theTokenNeverReachesTheLog() throws {
        let host = try ServedHost()
        #expect(host.waitForLog("web: serving http://127.0.0.1:\(host.port)/"))
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        _ = try host.connect().upgrade(
            port: host.port, headers: ["Origin": "http://evil.example", "Sec-WebSocket-Protocol": host.protocols])
        #expect(host.waitForLog("refused a WebSocket: Origin http://evil.example"))
        // Stopped with a WebSocket still open: under AddressSanitizer its exit status is LeakSanitizer's
        // (what a connection held at exit), which is not what this test is about.
        let status = host.stop()
        #expect(status == 0 || Sanitizers.address, "exit status \(status)")
        #expect(!host.log.isEmpty && !host.log.contains(host.token), "\(host.log)")
    }

    @Test func aFullFrameOnConnectThenOnlyTheChangedFieldsAfterAnAction() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        let first = try Message(socket.receiveText())
        #expect(first.type == "frame")
        let screen = try first.screen()
        #expect(screen.title == "Accounts")
        // The module's first view may come in an update after the connect's frame.
        let content = try Self.content(socket, from: screen.content, until: { $0.focusableActions.contains("Jack") })
        #expect(content.focusableActions.contains("Jack"))

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
        #expect(try Self.nextTitle(socket) == "Accounts")
        #expect(try Self.nextTitle(second) == "Accounts")
    }

    /// The content on screen once `done` holds for it: `start` (the connect message's, read here when
    /// nil), or a later update's (an isolated module's first view comes from its child after the page
    /// may have connected).
    private static func content(_ socket: LoopbackSocket, from start: ViewTree? = nil, until done: (ViewTree) -> Bool) throws
        -> ViewTree
    {
        var content = try start ?? Message(socket.receiveText()).screen().content
        for _ in 0..<8 where !done(content) {
            guard let changed = try Message(socket.receiveText()).changes["content"] else { continue }
            content = try JSONDecoder().decode(ViewTree.self, from: JSONSerialization.data(withJSONObject: changed))
        }
        return content
    }

    /// The title of the next update that changes it: an isolated module's view comes in an update of
    /// its own when its child answers (the screen was drawn at once from what was kept).
    private static func nextTitle(_ socket: LoopbackSocket) throws -> String? {
        for _ in 0..<8 {
            if let title = try Message(socket.receiveText()).changes["title"] as? String { return title }
        }
        return nil
    }

    @Test func imagesAreServedByTicketOnlyWhileTheCurrentScreenShowsThem() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        // The row is there before it is activated (the module's first view may come after the connect).
        #expect(try Self.content(socket, until: { $0.focusableActions.contains("Jack") }).focusableActions.contains("Jack"))
        try socket.sendText(#"{"type":"activate","id":"Jack"}"#)
        let update = try Message(socket.receiveText())
        let items = try #require((update.changes["tabBar"] as? [String: Any])?["items"] as? [[String: Any]])
        let address = try #require(items.first?["image"] as? String)
        // The page sees a ticket's address, never the module's path.
        #expect(address.wholeMatch(of: /\/image\/[0-9a-f]{32}/) != nil, "\(address)")
        #expect(!"\(update.object)".contains(".svg"))

        // No token, no cookie: the ticket is the credential, for this one image.
        let served = try host.get(address)
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "image/svg+xml")
        #expect(served.headers["x-content-type-options"] == "nosniff")
        #expect(served.headers["content-security-policy"]?.hasPrefix("sandbox") == true)
        #expect(served.text.hasPrefix("<svg"))

        // Paths, a cookie, made-up tickets: 404 alike.
        for other in ["/image?path=%2Fetc%2Fpasswd", "/image/" + String(repeating: "0", count: 32), "/image/"] {
            #expect(try host.get(other, headers: ["Cookie": host.cookie]).status == 404, "\(other)")
        }
        // Back on the accounts list no image is shown any more: the ticket is revoked.
        try socket.sendText(#"{"type":"back"}"#)
        #expect(try Self.nextTitle(socket) == "Accounts")
        #expect(try host.get(address).status == 404)
    }

    /// Image nodes naming `../../etc/passwd`, a file beside the module directory and a link out of it: the
    /// first two get no ticket, the link's ticket answers 404, each with one log line; the module's own
    /// image (the control) is served.
    @Test func anImageNodeOutOfTheModuleDirectoryIsNotServed() throws {
        let fixture = try Fixture(prefix: "tabhost-web-images")
        defer { fixture.remove() }
        let modules = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        _ = try fixture.write("modules/ok.svg", text: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        let secret = try fixture.write("secret.svg", text: "<svg>secret</svg>")
        #expect(symlink(secret, modules + "/link.svg") == 0)
        let source = """
            #include "tab_module.h"
            #include <stdlib.h>
            static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
            static void render(void *self, tab_view *view) {
                const tab_host_api *api = self;
                api->image(view, "ok.svg", "ok");
                api->image(view, "../../../../../../../../etc/passwd", "passwd");
                api->image(view, "../secret.svg", "beside");
                api->image(view, "link.svg", "link");
            }
            static void destroy(void *self) { (void)self; }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "pics", .version = "1", .title = "Pics",
                .create = create, .render = render, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        _ = try Fixture.compileModule(source, to: modules + "/pics.so")
        _ = try fixture.write("layout.json", text: #"{"root": {"stack": {"module": "pics"}}}"#)
        let host = try ServedHost(arguments: ["--modules", modules, "--layout", fixture.path("layout.json")])
        let socket = try host.openWebSocket()
        let content = try Self.content(socket) { $0.nodes.count == 4 }
        var addresses: [String: String] = [:]
        for case .image(let path, let alt?) in content.nodes { addresses[alt] = path }
        #expect(addresses["passwd"] == "" && addresses["beside"] == "", "\(addresses)")
        let ok = try #require(addresses["ok"])
        let link = try #require(addresses["link"])
        #expect(ok.hasPrefix("/image/") && link.hasPrefix("/image/"), "\(addresses)")
        #expect(try host.get(ok).status == 200)
        let refused = try host.get(link)
        #expect(refused.status == 404 && !refused.text.contains("secret"))
        for path in ["etc/passwd", "../secret.svg", "link.svg"] {
            #expect(host.waitForLog("web: not serving the image"), "no log line")
            #expect(host.waitForLog(path), "no log line for \(path)")
        }
    }

    /// Image confinement is per module: `thief` shows an image in `keeper`'s data directory (inside the
    /// session's data root, so the server's own bound lets it through); it gets no ticket and one log
    /// line. The control: `keeper` showing the same file gets it served.
    @Test func anImageOnlyAnotherModuleMayReadIsNotServed() throws {
        let fixture = try Fixture(prefix: "tabhost-web-images")
        defer { fixture.remove() }
        let modules = fixture.path("modules")
        let keeperData = fixture.path("xdg/tabhost/data/keeper")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            atPath: keeperData, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let secret = try fixture.write("xdg/tabhost/data/keeper/secret.svg", text: "<svg>keeper's own</svg>")
        for name in ["thief", "keeper"] {
            let source = """
                #include "tab_module.h"
                static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
                static void render(void *self, tab_view *view) {
                    const tab_host_api *api = self;
                    api->image(view, "\(secret)", "shown");
                }
                static void destroy(void *self) { (void)self; }
                static const tab_module_descriptor descriptor = {
                    TAB_MODULE_DESCRIPTOR_HEADER, .name = "\(name)", .version = "1", .title = "\(name)", .image = "\(secret)",
                    .create = create, .render = render, .destroy = destroy,
                };
                TAB_MODULE_DECLARE(descriptor)

                """
            _ = try Fixture.compileModule(source, to: modules + "/\(name).so")
            let tabs = #"[{"name": "\#(name)", "module": "\#(name)"}, {"name": "x", "module": "\#(name)"}]"#
            _ = try fixture.write("\(name).json", text: #"{"root": {"tabs": \#(tabs)}}"#)
        }
        for name in ["thief", "keeper"] {
            let host = try ServedHost(
                arguments: ["--modules", modules, "--layout", fixture.path("\(name).json")],
                environment: ["XDG_DATA_HOME": fixture.path("xdg")])
            let socket = try host.openWebSocket()
            let first = try Message(socket.receiveText()).screen()
            // Both tabs' images: the shown tab's (its controller) and the other's (not made yet).
            let tabImages = first.tabBar?.items.map { $0.image ?? "" } ?? []
            var content = first.content
            // The tab may show a placeholder until its child's first render comes: wait for the image.
            func hasImage(_ tree: ViewTree) -> Bool { if case .image? = tree.nodes.first { true } else { false } }
            for _ in 0..<50 where !hasImage(content) {
                guard let changed = try Message(socket.receiveText()).changes["content"] else { continue }
                content = try JSONDecoder().decode(ViewTree.self, from: JSONSerialization.data(withJSONObject: changed))
            }
            guard case .image(let address, _)? = content.nodes.first else {
                Issue.record("no image node: \(content)")
                continue
            }
            #expect(tabImages.count == 2, "\(first)")
            if name == "thief" {
                #expect(address == "" && tabImages.allSatisfy(\.isEmpty), "\(address) \(tabImages)")
                #expect(host.waitForLog("not shown: the module cannot read it"), "no log line")
            } else {
                #expect(address.hasPrefix("/image/") && tabImages.allSatisfy { $0.hasPrefix("/image/") }, "\(address) \(tabImages)")
                let served = try host.get(address)
                #expect(served.status == 200 && served.text.contains("keeper's own"), "\(served)")
            }
        }
    }

    @Test func badMessagesAreIgnoredWithALogLine() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        // The isolated module's first view follows the kept one in an update of its own: taken first.
        for _ in 0..<8 where !socket.staysQuiet(for: .milliseconds(300)) { _ = try socket.receiveText() }
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

    /// A page sending actions faster than the host's loop carries them out has at most
    /// `WebFrontEnd.maximumPendingActions` of them waiting; the rest are ignored with a line (a flood
    /// queued hundreds of thousands, growing the host and keeping the loop, and `q`, behind them for
    /// seconds). The loop is held here by a module run in process, asleep in its `event` for 3 s.
    @Test func aPagesActionsWaitingForTheHostAreBounded() throws {
        let fixture = try Fixture(prefix: "tabhost-web-pending")
        let modules = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        let source = """
            #include "tab_module.h"
            #include <string.h>
            #include <time.h>
            static int slept;
            static tab_host *shown;
            static void *create(const tab_host_api *api, tab_host *host) { shown = host; return (void *)api; }
            static void render(void *self, tab_view *view) {
                const tab_host_api *api = self;
                api->text(view, slept ? "Slept" : "Awake");
                api->button(view, "Sleep", "sleep");
            }
            static void event(void *self, const tab_event *e) {
                const tab_host_api *api = self;
                if (e->type != TAB_EVENT_ACTION || e->action == NULL || strcmp(e->action, "sleep") != 0) return;
                struct timespec t = {3, 0};
                while (nanosleep(&t, &t) != 0) {}
                slept = 1;
                api->invalidate(shown);
            }
            static void destroy(void *self) { (void)self; }
            static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .name = "sleeper", .version = "1", .title = "Sleeper",
                .create = create, .render = render, .event = event, .destroy = destroy,
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        _ = try Fixture.compileModule(source, to: modules + "/sleeper.so")
        _ = try fixture.write("layout.json", text: #"{"root": {"stack": {"module": "sleeper"}}}"#)
        let host = try ServedHost(arguments: ["--modules", modules, "--layout", fixture.path("layout.json"), "--isolation", "none"])
        let socket = try host.openWebSocket()
        var content = try Self.content(socket, until: { $0.focusableActions.contains("sleep") })
        try socket.sendText(#"{"type":"activate","id":"sleep"}"#)
        // Moving the focus: nothing else is logged, so the budget of log lines keeps the refusal's.
        for _ in 0..<200 { try socket.sendText(#"{"type":"focus","id":"sleep"}"#) }
        #expect(host.waitForLog("ignored an action from a page: 64 of its actions wait for the host already"))
        // The loop goes on once the module wakes: its screen says so (after the focus moves let through).
        let slept = { (tree: ViewTree) in tree.nodes.contains { node in if case .text("Slept") = node { true } else { false } } }
        for _ in 0..<100 where !slept(content) {
            guard let changed = try Message(socket.receiveText()).changes["content"] else { continue }
            content = try JSONDecoder().decode(ViewTree.self, from: JSONSerialization.data(withJSONObject: changed))
        }
        #expect(slept(content))
        #expect(host.process.isRunning)
    }

    /// The longest edit a page can send (a whole field of the characters JSON escapes the most) is read
    /// as an action: the demo's screen has no such field, so it is refused as one, not as a message.
    @Test func theLongestEditIsReadAsAnAction() throws {
        let host = try ServedHost()
        let socket = try host.openWebSocket()
        _ = try Self.content(socket, until: { $0.focusableActions.contains("Jill") })
        let edit = ScreenAction.editText(field: "f", value: String(repeating: "\u{1}", count: ActionValidation.maximumFieldBytes))
        try socket.sendText(String(decoding: try JSONEncoder().encode(edit), as: UTF8.self))
        #expect(host.waitForLog("ignored an action from a page: f: no such text field on the screen"))
        try socket.sendText(#"{"type":"activate","id":"Jill"}"#)
        #expect(try Self.nextTitle(socket) == "Jill")
    }

    @Test func anOversizedFrameClosesOnlyThatPagesConnection() throws {
        let host = try ServedHost()
        let other = try host.openWebSocket()
        _ = try Self.content(other, until: { $0.focusableActions.contains("John") })
        let socket = try host.openWebSocket()
        _ = try socket.receiveText()
        let far = 2 * ActionValidation.maximumMessageBytes
        try socket.sendText(#"{"type":"activate","id":""# + String(repeating: "a", count: far) + #""}"#)
        #expect(try socket.receiveText() == nil, "the connection stayed open")
        try other.sendText(#"{"type":"activate","id":"John"}"#)
        #expect(try Self.nextTitle(other) == "John")
        #expect(host.process.isRunning)
    }
}
