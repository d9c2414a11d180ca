import Foundation
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleLoading
import TabModuleRuntime
import Testing

/// The first tab's child is sent its module ahead (`startChild(for:)`), so that it opens the module
/// while the host finishes its own start: the tab's instance then takes that child; a child no instance
/// takes in the loop's first iteration ends; a child that cannot open its module fails the instance as
/// a child started for it then would.
@Suite(.serialized)
struct IsolationEarlyChildTests {
    static let layout = """
        {"root": {"tabs": [
            {"name": "a", "module": "crashy"},
            {"name": "b", "module": "probe", "param": "B"}
        ]}}
        """

    /// Exits from its constructor in the module host's child (never in the test's process, whose
    /// registry opens it first).
    static let quitter = ModuleSource(name: "quitter").text.replacingOccurrences(
        of: "__attribute__((used)) static const",
        with: """
            extern char *program_invocation_short_name;
            extern int strncmp(const char *, const char *, unsigned long);
            extern void _exit(int);
            __attribute__((constructor)) static void quit_in_the_child(void) {
                if (strncmp(program_invocation_short_name, "tabhost-module", 14) == 0) _exit(3);
            }
            __attribute__((used)) static const
            """)

    static func host() throws -> IsolatedHost {
        try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("probe.so", HostAPIProbeModule.source)], layout: layout)
    }

    @Test func theShownTabsInstanceTakesTheChildStartedForItsModule() throws {
        let setup = try Self.host()
        setup.factory.startSpareChild()
        let spare = try #require(setup.factory.spareProcessID)
        let crashy = try #require(setup.runtime.registry.module(named: "crashy"))
        setup.factory.startChild(for: crashy)
        #expect(setup.factory.startedChild?.module == "crashy")
        #expect(setup.factory.startedChild?.pid == spare)
        #expect(setup.factory.spareProcessID != spare)
        setup.host.start()
        #expect(setup.factory.startedChild == nil)
        #expect(setup.factory.childProcesses.map(\.module) == ["crashy"])
        #expect(setup.factory.childProcesses.first?.pid == spare)
        #expect(setup.texts == ["count 0"])
    }

    @Test func aChildNoInstanceTookEndsAfterTheLoopsFirstIteration() throws {
        let setup = try Self.host()
        setup.factory.startSpareChild()
        let probe = try #require(setup.runtime.registry.module(named: "probe"))
        setup.factory.startChild(for: probe)
        let pid = try #require(setup.factory.startedChild?.pid)
        // Tab "a" is shown first: nothing takes the probe's child.
        setup.host.start()
        #expect(setup.factory.startedChild?.pid == pid)
        try setup.loop.runOnce(timeout: .milliseconds(20))
        #expect(setup.factory.startedChild == nil)
        #expect(ProcessState.hasEnded(pid))
        #expect(setup.factory.childProcesses.map(\.module) == ["crashy"])
    }

    @Test func aChildThatCannotOpenItsModuleFailsTheInstanceAsAnotherChildWould() throws {
        let setup = try IsolatedHost(modules: [("quitter.so", Self.quitter)], layout: #"{"root": {"stack": {"module": "quitter"}}}"#)
        let quitter = try #require(setup.runtime.registry.module(named: "quitter"))
        let environment = ModuleInstanceEnvironment(ticks: TickScheduler(), confinement: nil)
        let waited = #expect(throws: ModuleError.self) {
            _ = try OutOfProcessModuleInstanceFactory(settings: IsolatedHost.testSettings, logger: setup.log.logger)
                .makeInstance(of: quitter, environment: environment, delegate: nil)
        }
        setup.factory.startSpareChild()
        setup.factory.startChild(for: quitter)
        let pid = try #require(setup.factory.startedChild?.pid)
        let early = #expect(throws: ModuleError.self) {
            _ = try setup.factory.makeInstance(of: quitter, environment: environment, delegate: nil)
        }
        #expect(early?.code == .processFailed)
        #expect(early?.description == waited?.description)
        #expect(early?.description.contains("its process stopped while opening it") == true, "\(early?.description ?? "")")
        #expect(setup.factory.startedChild == nil)
        #expect(setup.factory.childProcesses.isEmpty)
        #expect(ProcessState.hasEnded(pid))
    }
}
