import Foundation
import TabHostTesting
import Testing

/// `tabhost run` scans a module file dropped into a watched directory in the scanner's process for that
/// file: its constructor forked a process that called `setsid`, which ran on in the scanner's namespace
/// (burning a core, in the outside try) after the scan, after the file was refused and removed, until
/// the host quit. What a file's process leaves now ends with it: the process kills it as it ends after
/// its reply, and the scanner, their subreaper, sweeps what one that crashed left. Within each run, the
/// control: the leftovers are seen running while the scan lasts.
@Suite(.tags(.tmux), .selectedByTags, .hangGuard, .blocking)
struct RunScanLeftoversTests {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// A module whose constructor forks a child that calls `setsid` and forks a grandchild, both named
    /// `name` and waiting for ever, then lets them start and ends with `ending` (a return, an abort, or an
    /// `_exit` that skips whatever the file's process would do after the constructor).
    static func leaver(name: String, ending: String) -> String {
        """
        #include "tab_module.h"
        #include <stdlib.h>
        #include <sys/prctl.h>
        #include <unistd.h>
        __attribute__((constructor)) static void leave(void) {
            if (fork() == 0) {
                setsid();
                (void)fork();
                prctl(PR_SET_NAME, "\(name)");
                for (;;) pause();
            }
            sleep(2);
            \(ending)
        }
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; return (void *)api; }
        static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, "Left"); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "leaver", .version = "1.0", .title = "Leaver",
            .create = create, .render = render,
        };
        TAB_MODULE_DECLARE(descriptor)

        """
    }

    /// The processes named `name` (`/proc/PID/comm`) that can still run.
    static func running(named name: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == name + "\n" && ProcessState.runs(pid)
        }
    }

    @Test(arguments: ["", "abort();", "_exit(0);"])
    func whatAScannedFilesCodeForksEndsWithItsProcess(ending: String) throws {
        try R.withScratch { scratch in
            let name = "thleft" + String(UInt32.random(in: 0..<UInt32.max), radix: 36)
            let modules = scratch + "/modules"
            try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
            try R.compile(R.moduleSource(name: "tick", title: "Tick", body: #"api->text(view, "Ticking");"#), to: modules + "/tick.so")
            let layout = try R.writeStackLayout(module: "tick", to: scratch + "/layout.json")
            let tmux = try T(
                R.runCommand(["--modules", modules, "--layout", layout], scratch: scratch),
                environment: ["XDG_DATA_HOME": scratch + "/data", "XDG_CONFIG_HOME": scratch + "/config"])
            try tmux.waitFor("Ticking")
            try R.compile(Self.leaver(name: name, ending: ending), to: scratch + "/leaver.so")
            try #require(rename(scratch + "/leaver.so", modules + "/leaver.so") == 0)
            var seen: [Int32] = []
            #expect(
                ProcessState.eventually {
                    seen = Self.running(named: name)
                    return seen.count == 2
                }, "the control: \(seen)")
            defer { for pid in Self.running(named: name) { kill(pid, SIGKILL) } }
            #expect(ProcessState.eventually { Self.running(named: name).isEmpty }, "left running: \(Self.running(named: name))")
            try tmux.waitFor("Ticking")
        }
    }
}
