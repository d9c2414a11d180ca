import Foundation
import TabHostTesting
import Testing

/// `_CSandbox`, tested from C: `tabhost_sandbox_driver.c` runs each case in a child that locks itself and
/// then tries one thing (read outside, connect, exec, signal the parent, fork past the limit, …), and a
/// table of the seccomp filter's answers through a BPF interpreter. Built with clang (the header's
/// nullability annotations are clang's) from the sources, as `FuzzCorpusTests` builds its C target.
@Suite(.blocking)
struct SandboxTests {
    /// A library the driver copies into the profile's read path and opens after the lock.
    static let probe = "int tabhost_sandbox_probe(void) { return 42; }\n"

    /// Compiles the driver and the probe library into `fixture`: the driver's path and the library's.
    static func build(in fixture: Fixture) throws -> (driver: String, library: String) {
        let repo = Fixture.repoRoot
        let library = try fixture.compile("probe.so", source: probe)
        let driver = fixture.path("tabhost_sandbox_driver")
        try Fixture.runChecked(
            "/usr/bin/env",
            [
                "clang", "-Wall", "-Wextra", "-Werror", "-std=gnu11", "-I\(repo)/Sources/_CSandbox/include",
                "\(repo)/Tests/SandboxTests/tabhost_sandbox_driver.c", "\(repo)/Sources/_CSandbox/tabhost_sandbox.c", "-ldl",
                "-lpthread", "-o", driver,
            ])
        return (driver, library)
    }

    /// Every case passes (or is skipped where this kernel lacks the layer) as the user the tests run as:
    /// root in CI, where the process limit holds only in the sandbox's own user namespace.
    @Test func everyCasePassesAsThisUser() throws {
        let fixture = try Fixture(prefix: "tabhost-sandbox")
        let built = try Self.build(in: fixture)
        let result = try run(built.driver, arguments: [built.library], timeout: .seconds(60))
        #expect(result.succeeded, "\(result)")
        #expect(!result.stdout.contains("FAIL"), "\(result)")
        #expect(result.stdout.contains("ok dlopen_after_lock"), "\(result)")
        #expect(result.stdout.contains("ok fork_bomb_limited"), "\(result)")
        #expect(result.stdout.contains("ok fork_limit_without_namespace"), "\(result)")
        #expect(result.stdout.contains("ok limit_below_the_users_tasks"), "\(result)")
        #expect(result.stdout.contains("ok process_namespace"), "\(result)")
        for name in Self.issue36Cases { #expect(result.stdout.contains("ok \(name)"), "\(result)") }
    }

    /// Issue 36's cases, each a hostile try after the lock and its control without the defence: the module's
    /// processes end with it (setsid and a double fork; the module's process exiting, its first process
    /// killed, and without namespaces the keeper's sweep when the module's process ends, when its first process
    /// is killed and when the host is), the user's SysV objects out of reach, TMPDIR a
    /// capped tmpfs the parent never sees, the filter's new entries, and its part a spare child makes ahead
    /// (or leaves to LOAD), the system paths' ruleset the host makes for it, and the private copies' directory
    /// whose files the scanner reads by name but cannot list; the filter alone refusing the mount API, a call
    /// newer than its table's entries included; the setuid family (root's real uid stays moved), a umask
    /// that would let others in, and memory no address-space limit counts (a memfd, SysV segments and queues).
    static let issue36Cases = [
        "processes_die_with_it", "fallback_processes_die_with_it", "pid_namespace_keeps_status", "ipc_namespace",
        "private_tmp", "attributes_refused",
        "attributes_control", "watch_refused_without_a_grant", "only_its_own_scheduling", "resource_limits",
        "bind_listen_refused", "perf_and_userfaultfd_refused", "policy_table", "filter_made_ahead", "filter_left_to_load",
        "system_ruleset_from_host", "files_read_by_name_only", "filter_alone_refuses_the_mount_api",
        "credentials_refused", "umask_kept", "unmapped_memory_refused",
    ]

    /// The same cases as an unprivileged user (nobody, through setpriv), where no capability helps and
    /// the process limit counts in a user namespace the user makes unprivileged: the sandbox must hold
    /// for both.
    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root to switch to nobody"))
    func everyCasePassesAsAnUnprivilegedUser() throws {
        let fixture = try Fixture(prefix: "tabhost-sandbox")
        let built = try Self.build(in: fixture)
        // nobody must reach the driver and the library; the driver makes its own directory under /tmp.
        _ = chmod(fixture.directory, 0o755)
        _ = chmod(built.library, 0o755)
        let result = try run(
            "/usr/bin/setpriv", arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", built.driver, built.library],
            environment: ["TMPDIR": "/tmp"], timeout: .seconds(60))
        #expect(result.succeeded, "\(result)")
        #expect(result.stdout.contains("# uid 65534"), "\(result)")
        #expect(result.stdout.contains("ok fork_bomb_limited"), "\(result)")
        #expect(result.stdout.contains("ok fork_limit_without_namespace"), "\(result)")
        #expect(result.stdout.contains("ok limit_below_the_users_tasks"), "\(result)")
        #expect(result.stdout.contains("ok process_namespace"), "\(result)")
        for name in Self.issue36Cases { #expect(result.stdout.contains("ok \(name)"), "\(result)") }
        #expect(!result.stdout.contains("FAIL"), "\(result)")
    }
}
