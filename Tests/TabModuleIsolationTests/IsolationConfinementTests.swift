import Foundation
import TabHostTesting
import Testing

@testable import TabModuleIsolation

/// Issue 36's kernel edges, from the host's side: a child gets only the descriptors and the environment
/// the host names; a module's forks (setsid, a double fork) end with its child; a SysV segment of the
/// user's is out of reach. Each hostile try has its control with the sandbox off, proving the try works
/// without the defence.
@Suite(.serialized, .blocking)
struct IsolationConfinementTests {
    /// The names the host passes on (`tabhost_isolation.c`), and the prefixes of those it passes on by family.
    static let passedOn = ["PATH", "HOME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "LD_LIBRARY_PATH", "LTDL_LIBRARY_PATH"]
    static func isPassedOn(_ name: String) -> Bool {
        passedOn.contains(name) || name.hasPrefix("LC_") || name.hasSuffix("SAN_OPTIONS") || name.hasSuffix("SYMBOLIZER_PATH")
    }

    /// A variable of the test process's that the child must not get (setting one here would race with the
    /// other tests' threads reading the environment; `PWD` or the like is always there).
    static var hostOnlyVariable: String? {
        ProcessInfo.processInfo.environment.keys.filter { !isPassedOn($0) && !$0.isEmpty }.sorted().first
    }

    /// Renders the pids of the two processes its `start` left behind (a child that called setsid, and its
    /// double-forked grandchild, both asleep for ever), as the host sees them; whether it reached the SysV
    /// segment of key `key`; what getenv says of the host's variable `secret`; and how many `O_PATH`
    /// descriptors it holds (the child opened the sandbox's fixed paths ahead, and must close them all
    /// before the module's code runs, sandbox or not).
    static func escaperSource(key: Int32, secret: String) -> String {
        """
        #define _GNU_SOURCE
        #include "tab_module.h"
        #include <errno.h>
        #include <fcntl.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <sys/sem.h>
        #include <sys/shm.h>
        #include <unistd.h>
        static long pids[2];
        static long global_pid(void) {
            char self[32] = {0};
            return readlink("/proc/self", self, sizeof self - 1) > 0 ? strtol(self, NULL, 10) : -1;
        }
        static void escape(void) {
            int relay[2];
            if (pipe(relay) != 0) return;
            if (fork() == 0) {
                setsid();
                if (fork() == 0) {
                    long pid = global_pid();
                    if (write(relay[1], &pid, sizeof pid) != sizeof pid) _exit(1);
                    for (;;) pause();
                }
                long pid = global_pid();
                if (write(relay[1], &pid, sizeof pid) != sizeof pid) _exit(1);
                for (;;) pause();
            }
            close(relay[1]);
            for (int i = 0; i < 2; i++) if (read(relay[0], &pids[i], sizeof pids[i]) != sizeof pids[i]) pids[i] = -1;
            close(relay[0]);
        }
        static const tab_host_api *host_api;
        static void *create(const tab_host_api *api, tab_host *host) { (void)host; host_api = api; return calloc(1, 1); }
        static void start(void *self, const char *param) { (void)self; (void)param; escape(); }
        static void render(void *self, tab_view *view) {
            (void)self;
            char line[128];
            snprintf(line, sizeof line, "escapers: %ld %ld", pids[0], pids[1]);
            host_api->text(view, line);
            int segment = shmget(\(key), 0, 0);
            snprintf(line, sizeof line, "shm: %s", segment >= 0 ? "found" : errno == ENOENT ? "ENOENT" : errno == EPERM ? "EPERM" : "other");
            host_api->text(view, line);
            int semaphores = semget(\(key), 0, 0);
            snprintf(line, sizeof line, "sem: %s", semaphores >= 0 ? "found" : errno == ENOENT ? "ENOENT" : "other");
            host_api->text(view, line);
            const char *secret = getenv("\(secret)");
            snprintf(line, sizeof line, "secret: %s", secret ? secret : "none");
            host_api->text(view, line);
            int paths = 0;
            for (int fd = 0; fd < 1024; fd++) {
                int flags = fcntl(fd, F_GETFL);
                if (flags >= 0 && (flags & O_PATH)) paths++;
            }
            snprintf(line, sizeof line, "paths held: %d", paths);
            host_api->text(view, line);
        }
        static void destroy(void *self) { free(self); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "escaper", .version = "1.0", .title = "Escaper",
            .create = create, .start = start, .render = render, .destroy = destroy,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """
    }

    /// Runs the escaper with `mode`, closes its tab's child, and returns what it rendered and which of its
    /// escapers still ran a second later (killed here then).
    static func runEscaper(_ mode: SandboxMode) throws -> (texts: [String], survivors: [Int32]) {
        let key = Int32(0x7ab1_0000 | (getpid() & 0xffff))
        let segment = shmget(key, 4096, IPC_CREAT | 0o600)
        try #require(segment >= 0)
        defer { shmctl(segment, IPC_RMID, nil) }
        // Semaphores the filter allows: what keeps the user's out of reach is the IPC namespace alone.
        let semaphores = semget(key, 1, IPC_CREAT | 0o600)
        try #require(semaphores >= 0)
        defer { _ = try? run("/usr/bin/ipcrm", arguments: ["-s", "\(semaphores)"]) }  // semctl is variadic
        let secret = try #require(hostOnlyVariable, "the test process has no variable outside the list")
        var settings = IsolatedHost.testSettings
        settings.sandbox = mode
        let setup = try IsolatedHost(
            modules: [("escaper.so", escaperSource(key: key, secret: secret))],
            layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "escaper"}]}}}"#, settings: settings)
        setup.host.start()
        let texts = setup.texts
        let pids =
            texts.first { $0.hasPrefix("escapers: ") }?.dropFirst(10).split(separator: " ").compactMap { Int32($0) } ?? []
        setup.factory.shutdown()
        var survivors: [Int32] = []
        for pid in pids where pid > 0 {
            // A second, not `hasEnded`'s ten: with the sandbox off the escapers outlive it by design.
            var waited = 0
            while ProcessState.runs(pid) && waited < 100 {
                usleep(10_000)
                waited += 1
            }
            if ProcessState.runs(pid) {
                survivors.append(pid)
                kill(pid, SIGKILL)
            }
        }
        return (texts, survivors)
    }

    @Test func aModulesForksEndWithItsChildAndItsIPCAndEnvironmentAreItsOwn() throws {
        let run = try Self.runEscaper(.on)
        #expect(run.texts.contains { $0.hasPrefix("escapers: ") && !$0.contains("-1") }, "\(run.texts)")
        #expect(run.survivors.isEmpty, "processes outlived the module's child: \(run.survivors)")
        // SysV shared memory is refused outright (seccomp), the user's semaphores are not there (its namespace).
        #expect(run.texts.contains("shm: EPERM") && run.texts.contains("sem: ENOENT"), "\(run.texts)")
        #expect(run.texts.contains("secret: none"), "\(run.texts)")
        #expect(run.texts.contains("paths held: 0"), "\(run.texts)")
    }

    /// Linux's `O_PATH` (Glibc's module leaves it out: it is behind `_GNU_SOURCE`).
    static let openPath: Int32 = 0o10_000_000

    /// The `flags:` of `/proc/PID/fdinfo/FD` (octal), the open flags of another process's descriptor.
    static func openFlags(pid: pid_t, fd: Int) throws -> Int32 {
        let info = try String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("flags:") }, "\(info)")
        return try #require(Int32(line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8), "\(line)")
    }

    /// The control: with the sandbox off the escapers outlive the child (the process group kill misses a
    /// setsid), the segment is reached; the environment is the host's short list in either case.
    @Test func withTheSandboxOffTheSameTriesWork() throws {
        let run = try Self.runEscaper(.off)
        #expect(run.survivors.count == 2, "\(run.texts)")
        #expect(run.texts.contains("shm: found") && run.texts.contains("sem: found"), "\(run.texts)")
        #expect(run.texts.contains("secret: none"), "\(run.texts)")
        #expect(run.texts.contains("paths held: 0"), "\(run.texts)")
    }

    /// The one spawn path: descriptors 0 to 3 and nothing else (a descriptor of the host's without
    /// O_CLOEXEC included), and an environment without the host's secrets. A child that will load a
    /// module has also opened, before its HELLO, the sandbox's fixed system paths (`O_PATH` only, closed
    /// before the module's code runs); the scanner, whose forks must stay small, has not.
    @Test(arguments: ["fd-check", "scanner"])
    func aChildHasOnlyItsNamedDescriptorsAndABuiltEnvironment(label: String) throws {
        let helper = IsolatedHost.testSettings.helperPath
        try #require(FileManager.default.isExecutableFile(atPath: helper), "\(helper) is missing: run `swift build` first")
        let secret = try #require(Self.hostOnlyVariable, "the test process has no variable outside the list")
        let leaked = open("/dev/null", O_RDONLY)  // no O_CLOEXEC on purpose
        try #require(leaked >= 0)
        defer { close(leaked) }
        let child = try ModuleHostProcess(helper: helper, label: label)
        defer { child.terminate() }
        // Its HELLO: it runs its main (posix_spawn returns before exec has laid out the new environment).
        var hello = pollfd(fd: child.socket, events: Int16(POLLIN), revents: 0)
        try #require(poll(&hello, 1, 5000) == 1)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").compactMap { Int($0) }
        let named = descriptors.filter { $0 <= 3 }.sorted()
        #expect(named == [0, 1, 2, 3], "\(descriptors)")
        let prepared = try descriptors.filter { $0 > 3 }.map { try Self.openFlags(pid: child.pid, fd: $0) }
        #expect(prepared.allSatisfy { $0 & Self.openPath != 0 }, "a descriptor other than 0-3 that is not O_PATH: \(descriptors)")
        #expect(prepared.isEmpty == (label == "scanner"), "\(descriptors)")
        // Read to the end: a /proc file's size is 0, so FileManager may read none of it.
        let fd = open("/proc/\(child.pid)/environ", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        var environment: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            environment += chunk[0..<count]
        }
        close(fd)
        let entries = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(!entries.contains { $0.hasPrefix(secret + "=") }, "\(entries)")
        for entry in entries {
            #expect(Self.isPassedOn(String(entry.prefix { $0 != "=" })), "\(entry)")
        }
        if getenv("PATH") != nil { #expect(entries.contains { $0.hasPrefix("PATH=") }, "\(entries)") }
    }
}
