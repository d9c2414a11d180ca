import Foundation
import TabHostTesting
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// A spare child of a factory whose sandbox is on makes the sandbox's namespaces and splits while it
/// waits for its module (SANDBOX_AHEAD): the module it then loads is confined as in a child started for
/// it, with the same report, in the TMPDIR made and mounted ahead; with the sandbox off a spare stays
/// one process; and a module granted
/// `unrestricted` never runs in a spare split ahead, which stays for the next module.
@Suite(.serialized)
struct IsolationSandboxAheadTests {
    /// The pids of `pid`'s children, read from /proc (empty once it ended).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `pid`'s ids in each PID namespace it is in, outermost first (`NSpid` of /proc/PID/status).
    static func namespacePIDs(of pid: Int32) -> [String] {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("NSpid:") } ?? ""
        return line.dropFirst("NSpid:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// True once `spare` has split: PID 1 of the new namespace and the module's process are its
    /// children, or (without a PID namespace) its one child, the keeper, has the module's process.
    static func hasSplit(_ spare: Int32) -> Bool {
        let children = children(of: spare)
        return children.count == 2 || (children.count == 1 && !Self.children(of: children[0]).isEmpty)
    }

    /// True when `report` lists the PID namespace among what it enforces (a build whose module host
    /// runs a second thread, as under a sanitizer, may have a keeper in its place).
    static func enforcesPIDNamespace(_ report: ModuleSandboxReport) -> Bool {
        let enforced = report.text.split(separator: ";").first { $0.contains("enforced:") } ?? ""
        return enforced.contains("pid namespace")
    }

    /// Runs the loop until `condition` holds or two seconds passed; the condition's last answer.
    static func waitUntil(_ setup: IsolatedHost, _ condition: () -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try setup.loop.runOnce(timeout: .milliseconds(10))
        }
        return true
    }

    /// The peek module of `IsolationSandboxTests` as a tab not started yet, with the sandbox `mode`.
    private static func peek(sandbox: SandboxMode, grants: ModuleGrantSource = .none, _ body: (IsolatedHost) throws -> Void) throws {
        try IsolationSandboxTests.withPeek(sandbox, grants: grants, starts: false) { setup, _ in
            defer { setup.factory.shutdown() }
            try body(setup)
        }
    }

    @Test func aSpareSplitsAheadAndItsModuleIsConfinedAsInAChildStartedForIt() throws {
        try Self.peek(sandbox: .on) { setup in
            setup.factory.startSpareChild()
            let spare = try #require(setup.factory.spareProcessID)
            // The process the host started only waits now: the split made its children (without a spare
            // split ahead it has none until its LOAD).
            #expect(try Self.waitUntil(setup) { Self.hasSplit(spare) }, "\(Self.children(of: spare))")
            let before = Self.children(of: spare)
            setup.host.start()
            #expect(setup.texts.contains("secret: EACCES"), "\(setup.texts)")
            #expect(setup.factory.childProcesses.first?.pid == spare)
            // The module runs in the process split ahead: no new process was made for it.
            #expect(Self.children(of: spare) == before)
            let ahead = try #require(setup.factory.sandboxReport(of: "peek"))
            if Self.enforcesPIDNamespace(ahead) {
                // PID 1 of the new namespace and the module's process, made next, are its children. Under a
                // sanitizer PID 1 is a fork whose runtime may start a thread first, which takes PID 2 there.
                let inner = before.map { Self.namespacePIDs(of: $0) }
                let module = inner.first { $0.count == 2 && $0.last != "1" }
                #expect(before.count == 2 && inner.contains { $0.count == 2 && $0.last == "1" }, "\(inner)")
                #expect(module != nil && (Sanitizers.any || module?.last == "2"), "\(inner)")
            }

            // The same module in a child started for it, with nothing ahead.
            var fresh = setup.factory.settings
            fresh.keepsSpareChild = false
            let factory = OutOfProcessModuleInstanceFactory(settings: fresh, logger: setup.log.logger)
            defer { factory.shutdown() }
            let module = try #require(setup.runtime.registry.module(named: "peek"))
            let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
            let instance = try factory.makeInstance(of: module, environment: environment, delegate: nil)
            defer { instance.destroy() }
            let started = try #require(factory.sandboxReport(of: "peek"))
            #expect(ahead.enforced == started.enforced && ahead.missing == started.missing)
            #expect(ahead.text == started.text)
        }
    }

    /// The private temporary directories of this process's spare children (`/tmp/tabhost-tmp-PID-spare-*`).
    static func spareDirectories() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        return Set(names.filter { $0.hasPrefix("tabhost-tmp-\(getpid())-spare-") }.map { "/tmp/" + $0 })
    }

    /// True when `pid`'s mount namespace has a tmpfs mounted over `path` (/proc/PID/mountinfo).
    static func tmpfs(over path: String, seenBy pid: Int32) -> Bool {
        let mounts = (try? String(contentsOfFile: "/proc/\(pid)/mountinfo", encoding: .utf8)) ?? ""
        return mounts.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 && fields[4] == path && line.contains(" - tmpfs ")
        }
    }

    /// The directory, new since `before`, that `spare` mounted its tmpfs over once split (nil if none
    /// within the wait). Other suites' spares may make theirs meanwhile: this one's is the one its
    /// namespace mounted.
    static func mountedDirectory(of spare: Int32, since before: Set<String>, _ setup: IsolatedHost) throws -> String? {
        guard try waitUntil(setup, { hasSplit(spare) }), let inside = children(of: spare).first else { return nil }
        var mounted: String?
        _ = try waitUntil(setup) {
            mounted = spareDirectories().subtracting(before).first { tmpfs(over: $0, seenBy: inside) }
            return mounted != nil
        }
        return mounted
    }

    /// A spare split ahead has its module's TMPDIR too: the host made the directory, the spare mounted
    /// its tmpfs while it waits, the module is given that directory, and it goes with the module's
    /// child; a spare no module took leaves none behind either.
    @Test func theTemporaryDirectoryIsMadeAheadAndGoesWithItsChild() throws {
        try Self.peek(sandbox: .on) { setup in
            let before = Self.spareDirectories()
            setup.factory.startSpareChild()
            let spare = try #require(setup.factory.spareProcessID)
            let directory = try #require(
                try Self.mountedDirectory(of: spare, since: before, setup),
                "no tmpfs over a new spare directory: \(Self.children(of: spare)), \(Self.spareDirectories())")
            #expect(!Self.tmpfs(over: directory, seenBy: getpid()), "the spare's tmpfs is in the host's view")
            setup.host.start()
            #expect(setup.texts.contains("tmp: \(directory)"), "\(setup.texts)")
            var info = stat()
            #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
            // The next spare, which no module takes, makes one of its own.
            setup.factory.startSpareChild()
            let next = try #require(setup.factory.spareProcessID)
            let untaken = try #require(
                try Self.mountedDirectory(of: next, since: before, setup), "no tmpfs over the next spare's directory")
            setup.factory.shutdown()
            #expect(access(directory, F_OK) != 0, "the module's temporary directory outlived its child")
            #expect(access(untaken, F_OK) != 0, "an untaken spare's temporary directory outlived it")
        }
    }

    @Test func withTheSandboxOffASpareStaysOneProcess() throws {
        try Self.peek(sandbox: .off) { setup in
            setup.factory.startSpareChild()
            let spare = try #require(setup.factory.spareProcessID)
            // Its HELLO came; what it would do ahead it would have done by the time a sandboxed spare has.
            try setup.loop.runOnce(timeout: .milliseconds(100))
            #expect(Self.children(of: spare).isEmpty)
            setup.host.start()
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
            #expect(setup.factory.childProcesses.first?.pid == spare)
            #expect(Self.children(of: spare).isEmpty)
        }
    }

    @Test func anUnrestrictedModuleNeverRunsInASpareSplitAhead() throws {
        let grants = ModuleGrantSource(storePath: nil, layout: ["peek": ["unrestricted"]])
        try Self.peek(sandbox: .on, grants: grants) { setup in
            setup.factory.startSpareChild()
            let spare = try #require(setup.factory.spareProcessID)
            #expect(try Self.waitUntil(setup) { Self.hasSplit(spare) })
            setup.host.start()
            // Unconfined as granted, in a child of its own; the spare waits for the next module.
            #expect(setup.texts.contains("secret: read"), "\(setup.texts)")
            let child = try #require(setup.factory.childProcesses.first?.pid)
            #expect(child != spare)
            #expect(Self.namespacePIDs(of: child).count == 1)
            #expect(setup.factory.spareProcessID == spare)
        }
    }
}
