import Foundation
import Synchronization
import TabHostClient
import TabHostCore
import TabHostTesting
import TabKit
import TabLayout
import Testing

@Suite(.serialized, .blocking)
struct HostSessionTests {
    @Test func anActivationWhoseEventInvalidatesOnceRendersTheModuleOnce() throws {
        let harness = try SessionHarness()
        let session = harness.session
        #expect(SessionHarness.text(of: session.settledScreen()) == "renders 1 taps 0 ticks 0")
        session.perform(.activate("tap"))
        #expect(SessionHarness.text(of: session.settledScreen()) == "renders 2 taps 1 ticks 0")
        // Asking again without a change renders nothing.
        #expect(SessionHarness.text(of: session.settledScreen()) == "renders 2 taps 1 ticks 0")
    }

    @Test func everyFrontEndSeesWhatAnyOfThemDid() throws {
        let harness = try SessionHarness()
        let session = harness.session
        var terminal: [String?] = []
        var browser: [String?] = []
        session.subscribe { terminal.append(SessionHarness.text(of: $0)) }
        session.subscribe { browser.append(SessionHarness.text(of: $0)) }
        // The module's child answers on the loop: its first view, then the one its event pushes.
        try harness.run(until: { terminal.last == "renders 1 taps 0 ticks 0" })
        session.perform(.activate("tap"))  // one front end acts
        try harness.run(until: { terminal.last == "renders 2 taps 1 ticks 0" })
        #expect(terminal.suffix(2) == ["renders 1 taps 0 ticks 0", "renders 2 taps 1 ticks 0"])
        #expect(browser == terminal)
        // An iteration with no change publishes nothing.
        let published = terminal.count
        try harness.loop.runOnce(timeout: .zero)
        #expect(terminal.count == published)
    }

    @Test func actionsPostedFromAnotherThreadRunOnTheLoop() throws {
        let harness = try SessionHarness()
        let handle = ScreenSessionHandle(harness.session)
        var seen: [String?] = []
        harness.session.subscribe { seen.append(SessionHarness.text(of: $0)) }
        // Its button is on screen once the child's first view came.
        try harness.run(until: { seen.last??.hasSuffix("taps 0 ticks 0") == true })
        let poster = Thread {
            handle.perform(.activate("tap"))
            handle.perform(.activate("tap"))
        }
        poster.start()
        try harness.run(until: { seen.last??.hasSuffix("taps 2 ticks 0") == true })
        #expect(seen.last??.hasSuffix("taps 2 ticks 0") == true, "\(seen)")
    }

    /// Its module runs in a child; under ThreadSanitizer the module's own thread crashes that child
    /// (docs/contributing/tests.md, "Sanitizers"). IsolationRoundTripTests covers the thread case in every other build.
    @Test(.disabled(if: Sanitizers.thread, "TSan cannot follow a thread a module starts in the -static-stdlib child"))
    func aTickScheduledFromTheModulesOwnThreadIsDeliveredAndPublished() throws {
        let harness = try SessionHarness(root: #"{"stack": {"module": "counting", "param": "thread"}}"#)
        var seen: [String?] = []
        harness.session.subscribe { seen.append(SessionHarness.text(of: $0)) }
        try harness.run(until: { seen.last??.hasSuffix("ticks 1") == true })
        #expect(seen.last??.hasSuffix("taps 0 ticks 1") == true, "\(seen)")
    }

    @Test func moduleLinesAndHostReportsGoToTheLogFile() throws {
        let harness = try SessionHarness(extraFiles: ["broken.so": "not an ELF file"])
        _ = harness.session.settledScreen()  // the module is created when first shown
        let log = try String(contentsOfFile: harness.logPath, encoding: .utf8)
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix(" [counting] info: hello from create") }, "\(log)")
        #expect(lines.contains { $0.contains("broken.so: ") && !$0.contains("[") }, "\(log)")
        #expect(harness.opened.warnings.contains { $0.contains("broken.so") })
        #expect(harness.session.settledScreen().status?.contains("1 module file(s) refused") == true)
    }

    /// The layout is parsed on another thread while the modules are listed, its module names checked
    /// after: whatever is wrong, the error is the one a parse with the names gives, the first in file order.
    @Test(arguments: [
        (#"{"root": {"stack": {"module": "nosuch"}}}"#, #"unknown module "nosuch" at root.stack.module; known modules: counting"#),
        (
            #"{"root": {"stack": {"module": "counting"}}, "withoutTabs": ["counting", "gone"]}"#,
            #"unknown module "gone" at withoutTabs[1]; known modules: counting"#
        ),
        (
            #"{"root": {"tabs": [{"name": "a", "module": "nosuch"}, {"name": "b", "module": "@none"}]}}"#,
            #"unknown module "nosuch" at root.tabs[0].module"#
        ),
        (#"{"root": {"stack": {"module": "nosuch"}}, "extra": 1}"#, #"unknown key "extra""#),
        (#"{"root": {"stack": {"module": "counting"}}"#, "malformed JSON"),
    ])
    func aBadLayoutIsOneLineNamingTheFileAfterTheRefusedModules(_ text: String, _ reason: String) throws {
        let harness = try SessionHarness(extraFiles: ["broken.so": "not an ELF file"])
        let layout = try harness.directory.write("bad.json", text: text)
        let configuration = SessionConfiguration(
            directories: [.init(harness.directory.path("modules"))], layoutPath: layout,
            logPath: harness.logPath, watch: false)
        var parsed = ""
        do { _ = try Layout.parse(text, file: layout, knownModules: ["counting"]) } catch { parsed = error.description }
        #expect(parsed.contains(reason), "\(parsed)")
        #expect {
            _ = try HostSession.open(configuration)
        } throws: { error in
            guard let error = error as? SessionSetupError else { return false }
            return error.code == .layout && error.description == parsed && !parsed.contains("\n")
                && error.earlier.count == 1 && error.earlier[0].contains("broken.so: not an ELF file")
                && [error.description] + error.later == Self.allProblems(text, file: layout, first: parsed)
        }
    }

    /// The layout's problems as `check-layout` lists them, `first` (the one a parse throws) moved to the front.
    static func allProblems(_ text: String, file: String, first: String) -> [String] {
        let all = Layout.problems(bytes: Array(text.utf8), file: file, knownModules: ["counting"]).map(\.description)
        return [first] + all.filter { $0 != first }
    }

    /// A run stopped by its layout says every problem of the file, not only the first.
    @Test func aBadLayoutReportsEveryProblemAfterTheFirst() throws {
        let harness = try SessionHarness()
        let layout = try harness.directory.write(
            "bad.json", text: #"{"root": {"tabs": [{"name": "a", "module": "counting"}, {"name": "a", "title": 1, "module": "nosuch"}]}}"#)
        let configuration = SessionConfiguration(
            directories: [.init(harness.directory.path("modules"))], layoutPath: layout, logPath: harness.logPath, watch: false)
        #expect {
            _ = try HostSession.open(configuration)
        } throws: { error in
            guard let error = error as? SessionSetupError else { return false }
            return error.description
                == "\(layout):1:66: duplicate tab name \"a\" at root.tabs[1].name; tab names must be unique in a container"
                && error.later == [
                    "\(layout):1:80: root.tabs[1].title must be a string, found a number; put the value in double quotes",
                    "\(layout):1:93: unknown module \"nosuch\" at root.tabs[1].module; known modules: counting",
                ]
        }
    }
}
