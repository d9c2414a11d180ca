import Foundation
import TabKit
import Testing

@testable import TabModuleRuntime

/// Hot reload with real files: fixture modules compiled with cc, renamed into a watched
/// directory, picked up by inotify and applied to a host model.
@Suite(.serialized)
struct HotReloadTests {
    static let alpha = ReloadSource(name: "alpha")
    static let beta = ReloadSource(name: "beta")

    @Test func newBuildRendersWithOldStateInPlace() throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        // Create tab two's root, then push an alpha deep on tab two's stack, then go back to tab one.
        #expect(h.container.select(index: 1))
        let deep = try h.host.push(module: "alpha", param: "deep", onto: h.container.tabs[1].stack)
        #expect(h.container.select(index: 0))
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 3)
        h.increment(deep, times: 5)
        let depthBefore = h.container.tabs.map { $0.stack?.stack.count }
        #expect(ReloadHarness.text(visible) == "hello v1 count=3 param=-")
        #expect(ReloadHarness.text(deep) == "hello v1 count=5 param=deep")
        let oldCopy = try #require(h.registry.module(named: "alpha")).copyPath
        h.recorder.clear()

        var v2 = Self.alpha
        v2.version = "2"
        v2.text = "bonjour"
        try h.install(v2)
        let reports = h.pump()
        #expect(reports.map(\.message) == ["reloaded alpha v2"])
        #expect(reports.map(\.kind) == [.reloaded])
        #expect(h.visibleText == "bonjour v2 count=3 param=-")
        #expect(ReloadHarness.text(deep) == "bonjour v2 count=5 param=deep")
        // Same tabs, names, selection, stack depths; the same controllers hold the new instances.
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
        #expect(h.container.selectedIndex == 0)
        #expect(h.container.tabs.map { $0.stack?.stack.count } == depthBefore)
        #expect(h.container.tabs[0].stack!.root! === visible)
        #expect(h.badge("one") == nil)
        // The visible instance gets replacement appearance calls in order; the hidden one none.
        #expect(
            h.log == [
                "alpha: v2 start", "alpha: v2 start", "alpha: v1 willDisappear", "alpha: v2 willAppear",
                "alpha: v1 didDisappear", "alpha: v2 didAppear",
            ])
        // The old C image is closed and its private copy deleted.
        #expect(!ReloadHarness.mapped(oldCopy))
        #expect(access(oldCopy, F_OK) != 0)
        #expect(h.registry.module(named: "alpha")?.info.version == "2")
    }

    @Test func badgeSetByModuleSurvivesAndNonSelectedTabReloads() throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        #expect(h.container.select(index: 1))
        #expect(h.container.select(index: 0))
        let hidden = h.container.tabs[1].stack!.root!
        h.increment(hidden, times: 2)
        #expect(h.container.setBadge("7", forTab: "two"))
        h.recorder.clear()
        var v2 = Self.beta
        v2.version = "2"
        try h.install(v2)
        #expect(h.pump().map(\.message) == ["reloaded beta v2"])
        #expect(ReloadHarness.text(hidden) == "hello v2 count=2 param=-")
        #expect(h.badge("two") == "7")
        #expect(h.container.selectedIndex == 0)
        #expect(h.log == ["beta: v2 start"])
    }

    /// A bad new version and the words its report must contain.
    static let badVersions: [(String, String)] = [
        ("text", "not an ELF"),
        ("missingEntry", "no tab_module_entry"),
        ("wrongMagic", "magic"),
        ("otherMajor", "ABI"),
        ("badName", "name"),
        ("createNull", "create() returned NULL"),
    ]

    @Test(arguments: badVersions)
    func badVersionIsRolledBack(kind: String, words: String) throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        let visible = h.container.tabs[0].stack!.root!
        h.increment(visible, times: 4)
        var bad = Self.alpha
        bad.version = "2"
        bad.text = "broken"
        switch kind {
        case "text": try h.installBytes(Array("this is not a library\n".utf8), as: "alpha.so")
        case "missingEntry":
            bad.entry = ""
            try h.install(bad)
        case "wrongMagic":
            bad.magic = "0x12345678u"
            try h.install(bad)
        case "otherMajor":
            bad.abiMajor = "(TAB_MODULE_ABI_MAJOR + 1)"
            try h.install(bad)
        case "badName":
            bad.name = "Bad Name!"
            try h.install(bad, as: "alpha.so")
        case "createNull":
            bad.createReturnsNull = true
            try h.install(bad)
        default: Issue.record("unknown case \(kind)")
        }
        let reports = h.pump()
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.kind == .refused)
        #expect(report.module == "alpha")
        #expect(report.message.hasPrefix("reload of alpha refused, old version kept: \(h.modules)/alpha.so: "))
        #expect(report.message.contains(words), "\(report.message)")
        #expect(h.visibleText == "hello v1 count=4 param=-")
        #expect(h.badge("one") == "!")
        #expect(h.controllers("alpha").first?.reloadFailure != nil)
        #expect(h.reloader.refusals[h.modules + "/alpha.so"]?.message == report.message)
        #expect(h.registry.module(named: "alpha")?.info.version == "1")

        // A later good file reloads normally and clears the mark.
        var good = Self.alpha
        good.version = "3"
        try h.install(good)
        #expect(h.pump().map(\.message) == ["reloaded alpha v3"])
        #expect(h.visibleText == "hello v3 count=4 param=-")
        #expect(h.badge("one") == nil)
        #expect(h.reloader.refusals.isEmpty)
    }

    @Test func aRunningVersionWhoseStateCannotBeSavedIsNotReplaced() throws {
        var growing = Self.alpha
        growing.stateGrows = true
        let h = try ReloadHarness(initial: [growing], tabs: [("one", "alpha")])
        var next = Self.alpha
        next.version = "2"
        try h.install(next)
        let reports = h.pump()
        #expect(reports.map(\.kind) == [.refused])
        #expect(reports.first?.message.contains("save_state() did not return its state") == true, "\(reports)")
        #expect(h.visibleText == "hello v1 count=0 param=-")
        #expect(h.badge("one") == "!")
    }

    @Test func emptyFileGivesNoEvent() throws {
        let h = try ReloadHarness(initial: [Self.alpha], tabs: [("one", "alpha")])
        try h.installBytes([], as: "alpha.so")
        #expect(h.pump(timeout: .milliseconds(400)).isEmpty)
        #expect(h.visibleText == "hello v1 count=0 param=-")
    }

    @Test func deleteRemovesTabButKeepsPushedInstanceThenReAddAppends() throws {
        let h = try ReloadHarness(
            initial: [Self.alpha, Self.beta, ReloadSource(name: "gamma")], tabs: [("one", "alpha"), ("two", "beta"), ("three", "gamma")])
        // beta pushed on alpha's stack, and beta's own tab selected.
        let betaCopy = try #require(h.registry.module(named: "beta")).copyPath
        do {
            let pushed = try h.host.push(module: "beta", param: "pushed", onto: h.container.tabs[0].stack)
            h.increment(pushed, times: 2)
        }
        #expect(h.container.select(index: 1))
        #expect(unlink(h.modules + "/beta.so") == 0)
        #expect(h.pump().map(\.message) == ["removed beta"])
        #expect(h.container.tabs.map(\.name) == ["one", "three"])
        // Removal rule (rule 29 of docs/container-rules.md): the same index (now "three") is selected.
        #expect(h.container.selectedIndex == 1)
        #expect(h.controllers("beta").count == 1)
        #expect(ReloadHarness.mapped(betaCopy))
        #expect(h.container.select(index: 0))
        #expect(h.visibleText == "hello v1 count=2 param=pushed")
        _ = h.container.tabs[0].stack!.pop()
        // Popped: the last instance is gone, so the C image is closed and its copy deleted.
        #expect(h.controllers("beta").isEmpty)
        #expect(!ReloadHarness.mapped(betaCopy))
        #expect(access(betaCopy, F_OK) != 0)
        #expect(h.visibleText == "hello v1 count=0 param=-")

        var back = Self.beta
        back.version = "2"
        try h.install(back)
        #expect(h.pump().map(\.message) == ["added beta v2"])
        #expect(h.container.tabs.map(\.name) == ["one", "three", "beta"])
        #expect(h.container.selectedTab?.name == "beta")
        #expect(h.visibleText == "hello v2 count=0 param=-")
    }

    @Test func renamingToAnotherModulesNameIsRefused() throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        h.increment(h.container.tabs[0].stack!.root!, times: 1)
        var clash = Self.alpha
        clash.name = "beta"
        try h.install(clash, as: "alpha.so")
        let report = try #require(h.pump().first)
        #expect(
            report.message
                == "reload of alpha refused, old version kept: \(h.modules)/alpha.so: "
                + "module name \"beta\" is already provided by \(h.modules)/beta.so; rename one of the modules or remove one file"
        )
        #expect(h.visibleText == "hello v1 count=1 param=-")
        #expect(h.registry.module(named: "beta")?.info.sourcePath == h.modules + "/beta.so")
        #expect(h.badge("one") == "!")
        #expect(h.container.tabs.map(\.name) == ["one", "two"])
    }

    @Test func moduleWithoutStateRestartsWithItsParam() throws {
        var plain = ReloadSource(name: "alpha")
        plain.hasState = false
        let h = try ReloadHarness(initial: [plain, Self.beta])
        _ = try h.container.addTab(name: "one", module: "alpha", param: "p1")  // existing: start("p1") again
        h.increment(h.container.tabs[0].stack!.root!, times: 2)
        #expect(h.visibleText == "hello v1 count=2 param=p1")
        plain.version = "2"
        try h.install(plain)
        #expect(h.pump().map(\.message) == ["reloaded alpha v2"])
        #expect(h.visibleText == "hello v2 count=0 param=p1")
    }

    @Test func reloadWithoutInstancesReRegistersAndFailedStartupFileLoadsOnChange() throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta])
        #expect(h.controllers("beta").isEmpty)
        var v2 = Self.beta
        v2.version = "2"
        try h.install(v2)
        #expect(h.pump().map(\.message) == ["reloaded beta v2"])
        #expect(h.registry.module(named: "beta")?.info.version == "2")
        // A refused reload marks a tab whose root was never created, and a good one clears it.
        var broken = Self.beta
        broken.magic = "0u"
        try h.install(broken)
        #expect(h.pump().first?.kind == .refused)
        #expect(h.badge("two") == "!")
        try h.install(v2)
        #expect(h.pump().map(\.message) == ["reloaded beta v2"])
        #expect(h.badge("two") == nil)
        // A file refused at start-up (not in the registry), fixed later: treated as an add.
        try h.installBytes(Array("junk".utf8), as: "delta.so")
        let refused = h.pump()
        #expect(refused.map(\.kind) == [.refused])
        #expect(refused.first?.module == nil)
        try h.install(ReloadSource(name: "delta"))
        #expect(h.pump().map(\.message) == ["added delta v1"])
        #expect(h.reloader.refusals.isEmpty)
    }

    @Test func rescanReloadsOnlyChangedFilesAndDropsVanishedOnes() throws {
        let h = try ReloadHarness(initial: [Self.alpha, Self.beta, ReloadSource(name: "gamma")])
        h.increment(h.container.tabs[0].stack!.root!, times: 1)
        #expect(unlink(h.modules + "/beta.so") == 0)
        var gamma = ReloadSource(name: "gamma")
        gamma.version = "2"
        try h.install(gamma)
        _ = h.watcher.waitForEvents(timeout: .seconds(2))  // swallowed: simulate lost events
        let reports = h.reloader.apply(.rescan(h.modules))
        // alpha did not change on disk: its instances are left alone.
        #expect(reports.map(\.message) == ["removed beta", "reloaded gamma v2"])
        #expect(h.visibleText == "hello v1 count=1 param=-")
        #expect(h.registry.module(named: "gamma")?.info.version == "2")
        #expect(h.container.tabs.map(\.name) == ["one"])
        #expect(h.reloader.apply(.rescan(h.modules)).isEmpty)
    }

    @Test func statusFileListsRefusals() throws {
        let h = try ReloadHarness(initial: [Self.alpha], tabs: [("one", "alpha")])
        h.reloader.statusFile = HotReloadStatusFile(directory: h.copies.directory)
        try h.installBytes(Array("nope \"quoted\"".utf8), as: "alpha.so")
        let report = try #require(h.pump().first)
        let data = try #require(FileManager.default.contents(atPath: h.copies.directory + "/status.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["pid"] as? Int == Int(getpid()))
        let refused = try #require(object["refused"] as? [[String: Any]])
        #expect(refused.count == 1)
        #expect(refused.first?["module"] as? String == "alpha")
        #expect(refused.first?["file"] as? String == h.modules + "/alpha.so")
        #expect(refused.first?["reason"] as? String == report.message)
        try h.install(Self.alpha)
        _ = h.pump()
        let status = try #require(HotReloadStatusFile(directory: h.copies.directory).read())
        #expect(status.refused.isEmpty)
        // What became of the last new version, for `tabhost update` in another terminal.
        #expect(status.reloads?.map { "\($0.module) \($0.outcome) \($0.version ?? "-")" } == ["alpha kept 1"])
        #expect(status.reloads?.first?.file == h.modules + "/alpha.so")
    }

    /// A status file written before module process states and sandbox denials were published still reads
    /// (`modules` and `denied` nil); one written now has them.
    @Test func theStatusFileStaysReadableAcrossVersions() throws {
        // The harness's calls are timed too (`tabhost inspect --timings`): not what this test is about.
        func withoutTimings(_ status: HotReloadStatus?) -> HotReloadStatus? {
            var status = status
            status?.timings = nil
            return status
        }
        let h = try ReloadHarness(initial: [Self.alpha], tabs: [("one", "alpha")])
        let file = HotReloadStatusFile(directory: h.copies.directory)
        try #"{"pid": 7, "refused": []}"#.write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(file.read() == HotReloadStatus(pid: 7, refused: [], modules: nil, denied: nil, reloads: nil))
        h.reloader.statusFile = file
        let stopped = ModuleProcessState(module: "alpha", state: .stopped, reason: "Alpha stopped: SIGSEGV", crashes: 1)
        h.reloader.moduleStates = [stopped]
        let data = try #require(FileManager.default.contents(atPath: file.path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let modules = try #require(object["modules"] as? [[String: Any]])
        #expect(modules.first?["state"] as? String == "stopped")
        #expect(modules.first?["crashes"] as? Int == 1)
        #expect(withoutTimings(file.read()) == HotReloadStatus(pid: getpid(), refused: [], modules: [stopped]))
        h.reloader.moduleStates = []
        #expect(withoutTimings(file.read()) == HotReloadStatus(pid: getpid(), refused: []))
        let denied = ModuleDeniedPermissions(module: "alpha", permissions: ["network", "exec"])
        h.reloader.deniedPermissions = [denied]
        let written = try #require(FileManager.default.contents(atPath: file.path))
        let withDenials = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let list = try #require(withDenials["denied"] as? [[String: Any]])
        #expect(list.first?["module"] as? String == "alpha")
        #expect(list.first?["permissions"] as? [String] == ["network", "exec"])
        #expect(withoutTimings(file.read()) == HotReloadStatus(pid: getpid(), refused: [], denied: [denied]))
        #expect(denied.lines.first == "network denied: grant `network` (tabhost grant alpha network)")
    }

    @Test func deletingARefusedFileThatNeverLoadedClearsItFromTheStatusFile() throws {
        let h = try ReloadHarness(initial: [Self.alpha], tabs: [("one", "alpha")])
        h.reloader.statusFile = HotReloadStatusFile(directory: h.copies.directory)
        let status = h.copies.directory + "/status.json"
        try h.installBytes(Array("junk".utf8), as: "delta.so")
        #expect(h.pump().map(\.kind) == [.refused])
        #expect(String(decoding: try #require(FileManager.default.contents(atPath: status)), as: UTF8.self).contains("delta.so"))
        #expect(unlink(h.modules + "/delta.so") == 0)
        #expect(h.pump().isEmpty)
        #expect(h.reloader.refusals.isEmpty)
        #expect(HotReloadStatusFile(directory: h.copies.directory).read() == HotReloadStatus(pid: getpid(), refused: []))
    }
}
