import Foundation
import TabHostTesting
import Testing

/// The sandbox without a PID namespace (where the system refuses user namespaces; forced here with
/// `TABHOST_TEST_SANDBOX_WITHOUT_NAMESPACES=1`): a module's `setsid` child and double-forked grandchild
/// die when the host is killed with SIGKILL, swept by the keeper, and the log's sandbox line names it.
/// The control: with `--sandbox off` both outlive the host (the test kills them then).
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunSandboxFallbackTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// `start` forks a child that calls `setsid` and forks a grandchild; each writes its pid into
    /// `escapers` in the module's data directory and waits for ever.
    static let source = """
        #include "tab_module.h"
        #include <fcntl.h>
        #include <stdio.h>
        #include <string.h>
        #include <unistd.h>
        static void note(const char *dir) {
            char path[512], line[32];
            snprintf(path, sizeof path, "%s/escapers", dir);
            int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
            int size = snprintf(line, sizeof line, "%ld\\n", (long)getpid());
            if (fd >= 0) { (void)!write(fd, line, (size_t)size); close(fd); }
        }
        static void *create(const tab_host_api *api, tab_host *host) {
            const char *dir = api->data_dir(host);
            if (dir != NULL && fork() == 0) {
                setsid();
                if (fork() == 0) { note(dir); for (;;) pause(); }
                note(dir);
                for (;;) pause();
            }
            return (void *)api;
        }
        static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, "Escapers out"); }
        static void destroy(void *self) { (void)self; }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "escaper", .version = "1.0", .title = "Escaper",
            .create = create, .render = render, .destroy = destroy,
        };
        TAB_MODULE_DECLARE(descriptor)

        """

    @Test(arguments: ["on", "off"])
    func aSetsidAndADoubleForkDieWithTheKilledHost(sandbox: String) throws {
        try Self.escape(sandbox: sandbox, asNobody: false)
    }

    /// The same as the user nobody (through setpriv): the keeper, a subreaper, needs no privilege.
    @Test(
        .enabled(if: RunSandboxFallbackTests.nobodyRunsTabhost, "needs root, setpriv, and a tabhost the user nobody can run"),
        arguments: ["on", "off"])
    func theKeeperNeedsNoPrivilege(sandbox: String) throws {
        try Self.escape(sandbox: sandbox, asNobody: true)
    }

    /// True when this process is root, setpriv exists, and nobody can reach and run the built tabhost.
    static let nobodyRunsTabhost: Bool = {
        guard getuid() == 0, access("/usr/bin/setpriv", X_OK) == 0 else { return false }
        let check = try? run("/usr/bin/setpriv", arguments: nobody + ["/usr/bin/test", "-x", Products.tabhost], timeout: .seconds(10))
        return check?.succeeded == true
    }()

    static let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Runs the escaper with `sandbox`, kills the host with SIGKILL, and checks which escapers outlived it.
    static func escape(sandbox: String, asNobody: Bool) throws {
        try R.withScratch { scratch in
            let layout = try R.writeStackLayout(module: "escaper", to: scratch + "/layout.json")
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(Self.source, to: modules + "/escaper.so")
            var environment = ["TABHOST_TEST_SANDBOX_WITHOUT_NAMESPACES": "1", "XDG_DATA_HOME": scratch + "/data"]
            var prefix = ""
            if asNobody {
                // Its own home and directories: nothing of root's is writable for it.
                let directories = ["HOME": "home", "XDG_CONFIG_HOME": "config", "XDG_STATE_HOME": "state", "XDG_RUNTIME_DIR": "run"]
                _ = chown(scratch, 65534, 65534)
                for (variable, name) in directories {
                    let path = scratch + "/" + name
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                    _ = chown(path, 65534, 65534)
                    _ = chmod(path, 0o700)
                    environment[variable] = path
                }
                prefix = (["/usr/bin/setpriv"] + nobody).joined(separator: " ") + " "
            }
            let command = R.runCommand(
                ["--modules", modules, "--layout", layout, "--no-watch", "--sandbox", sandbox], scratch: scratch)
            let tmux = try T(prefix + command, environment: environment)
            try tmux.waitFor("Escapers out")
            let list = scratch + "/data/tabhost/data/escaper/escapers"
            var pids: [pid_t] = []
            for _ in 0..<200 where pids.count < 2 {
                pids = ((try? String(contentsOfFile: list, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
                if pids.count < 2 { usleep(25_000) }
            }
            try #require(pids.count == 2, "the escapers never reported")
            defer { for pid in pids { kill(pid, SIGKILL) } }
            if asNobody {
                // The host ran as nobody indeed: so do the module's processes (the real uid, field 1 of Uid).
                let uids = pids.map { pid in
                    ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "").split(separator: "\n")
                        .first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first
                }
                #expect(uids.allSatisfy { $0 == "65534" }, "\(uids)")
            }
            if sandbox == "on" {
                let log = try String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)
                #expect(log.contains("subreaper keeper (no PID namespace)"), "the sandbox line does not name the keeper")
            }
            for pid in try tmux.childPIDs() { kill(pid, SIGKILL) }
            try tmux.waitFor("STATUS:")
            if sandbox == "on" {
                let left = pids.filter { !ProcessState.hasEnded($0) }
                #expect(left.isEmpty, "\(left) outlived the host's SIGKILL")
            } else {
                #expect(pids.allSatisfy(ProcessState.runs), "the control: unconfined, both outlive the host")
            }
        }
    }
}
