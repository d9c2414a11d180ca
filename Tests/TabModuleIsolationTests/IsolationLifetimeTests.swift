import Foundation
import TabHostTesting
import TabKit
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// No child outlives the objects that own it: the last instance of a module version ends its child,
/// and so does the factory going away; forks of a module go with it.
@Suite(.serialized)
struct IsolationLifetimeTests {
    private static let layout = """
        {"root": {"stack": {"tabs": [{"name": "a", "module": "crashy"}, {"name": "b", "module": "probe"}]}}}
        """

    /// The processes whose process group is `group` (the child leads its own) that still run (`ProcessState.runs`).
    private static func processes(inGroup group: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry) else { return nil }
            // After "(comm)": state, ppid, pgrp.
            let fields = ProcessState.fields(of: pid)
            return fields.count > 2 && Int32(fields[2]) == group && ProcessState.runs(pid) ? pid : nil
        }
    }

    @Test func childrenEndWhenTheHostObjectsGoAway() throws {
        var setup: IsolatedHost? = try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("probe.so", HostAPIProbeModule.source)], layout: Self.layout)
        setup?.host.start()
        _ = setup?.host.apply(.selectTab(1))
        var pids = setup?.factory.childProcesses.map(\.pid) ?? []
        #expect(pids.count == 2)
        _ = setup?.runLoop(until: { setup?.factory.spareProcessID != nil })
        pids += [setup?.factory.spareProcessID].compactMap { $0 }
        #expect(pids.count == 3)
        setup = nil
        for pid in pids { #expect(!ProcessState.exists(pid)) }
    }

    @Test func oneChildServesEveryInstanceAndEndsWithTheLast() throws {
        let setup = try IsolatedHost(
            modules: [("probe.so", HostAPIProbeModule.source), ("crashy.so", IsolationModules.crashy)],
            layout: """
                {"root": {"stack": {"module": "probe", "param": "root"}}}
                """)
        setup.host.start()
        setup.activate("push-own")
        #expect(setup.factory.childProcesses.count == 1)
        let pid = try #require(setup.childPID(of: "probe"))
        setup.activate("pop")  // the root instance stays: the child too
        #expect(setup.childPID(of: "probe") == pid)
        let module = try #require(setup.runtime.registry.module(named: "probe"))
        // An instance made and destroyed on its own: the same child serves it.
        let environment = ModuleInstanceEnvironment(ticks: setup.runtime.ticks, confinement: nil)
        let extra = try setup.factory.makeInstance(of: module, environment: environment, delegate: nil)
        #expect(setup.childPID(of: "probe") == pid)
        extra.destroy()
        #expect(setup.childPID(of: "probe") == pid)
        // A module whose only instance goes: its child goes too.
        let crashy = try #require(setup.runtime.registry.module(named: "crashy"))
        let only = try setup.factory.makeInstance(of: crashy, environment: environment, delegate: nil)
        let crashyPID = try #require(setup.childPID(of: "crashy"))
        only.destroy()
        // The destroy is posted (the loop does not wait for the module's destroy): the child ends once
        // its reply came.
        #expect(setup.childPID(of: "crashy") == crashyPID)
        #expect(setup.runLoop(until: { setup.childPID(of: "crashy") == nil }))
        #expect(ProcessState.hasEnded(crashyPID))
        // Killed at once, reaped on the loop shortly after.
        #expect(setup.runLoop(until: { !ProcessState.exists(crashyPID) }))
    }

    @Test func aFactoryAloneEndsItsChildrenWhenReleased() throws {
        let setup = try IsolatedHost(
            modules: [("probe.so", HostAPIProbeModule.source)],
            layout: """
                {"root": {"stack": {"module": "probe"}}}
                """)
        let module = try #require(setup.runtime.registry.module(named: "probe"))
        var factory: OutOfProcessModuleInstanceFactory? = OutOfProcessModuleInstanceFactory(
            settings: IsolatedHost.testSettings, logger: setup.log.logger)
        let environment = ModuleInstanceEnvironment(ticks: setup.runtime.ticks, confinement: nil)
        var instance = try factory?.makeInstance(of: module, environment: environment, delegate: nil)
        let pid = try #require(factory?.childProcesses.first?.pid)
        #expect(ProcessState.exists(pid))
        factory = nil
        #expect(!ProcessState.exists(pid))
        #expect(instance?.render() == ViewTree([]))  // an instance whose child was ended shows nothing, and does not trap
        instance = nil
    }

    @Test func forksOfAModuleEndWithItsChild() throws {
        var setup: IsolatedHost? = try IsolatedHost(
            modules: [("crashy.so", IsolationModules.crashy), ("probe.so", HostAPIProbeModule.source)], layout: Self.layout)
        setup?.host.start()
        let pid = try #require(setup?.childPID(of: "crashy"))
        setup?.activate("fork")
        #expect(Self.processes(inGroup: pid).count == 2)
        setup = nil
        #expect(ProcessState.eventually { Self.processes(inGroup: pid).isEmpty })
    }
}
