import TabHostTesting
import TabKit
import TabModuleRuntime
import Testing

/// ABI 1.2 on module-backed controllers, with real `.so` modules in this process: results, alerts,
/// the focus an event carries, `save_soon`, and the render rule. `finish`, `alert` and `save_soon`
/// are driven through the controller's delegate methods, as the host API calls them.
@Suite(.serialized, .blocking)
final class ModuleInputTests {
    let setup: ModuleHostFixture
    var host: ContainerHost { setup.host }
    /// Module log lines as "MODULE LEVEL: MESSAGE".
    var logs: [String] { setup.log.lines }

    init() throws {
        setup = try ModuleHostFixture(
            file: "pusher.so", source: InputModules.pusher(),
            layout: """
                {"root": {"stack": {"tabs": [
                    {"name": "new", "module": "pusher"},
                    {"name": "old", "module": "oldpusher"}
                ]}}}
                """, modules: ["pusher", "oldpusher", "editor"],
            prepare: { fixture in
                try fixture.compile("oldpusher.so", source: InputModules.pusher(name: "oldpusher", minor: 1))
                try fixture.compile("editor.so", source: InputModules.editor)
            }, factory: { _ in InProcessModuleInstanceFactory() })
        host.start()
    }

    private var texts: [String] {
        host.screen.content.nodes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    private func controller(_ module: String) throws -> ModuleController {
        try #require(setup.runtime.controllers(ofModule: module).last)
    }

    @Test func aPushedEditorThatFinishesHandsItsResultToThePusher() throws {
        #expect(host.apply(.activate("push")))
        #expect(texts == ["editor"])
        let editor = try controller("editor")
        editor.moduleFinish(result: "text")
        #expect(texts == ["result editor=text", "alert none", "focus none"])
        #expect(host.screen.backLabel == nil)
        // Once: the editor is gone, and a second finish ends nothing.
        editor.moduleFinish(result: "again")
        #expect(texts.first == "result editor=text")
        #expect(logs.filter { $0.hasPrefix("editor warning: finish:") }.count == 1)
    }

    @Test func backGivesThePusherANullResult() throws {
        #expect(host.apply(.activate("push")))
        #expect(host.apply(.back))
        #expect(texts.first == "result editor=NULL")
    }

    @Test func aPresentedEditorFinishesByDismissal() throws {
        #expect(host.apply(.activate("present")))
        #expect(host.screen.isModal)
        try controller("editor").moduleFinish(result: "from the modal")
        #expect(!host.screen.isModal)
        #expect(texts.first == "result editor=from the modal")
    }

    @Test func aModuleBuiltBefore12GetsNoResultButItsEditorStillEnds() throws {
        #expect(host.apply(.selectTab(1)))
        #expect(host.apply(.activate("push")))
        try controller("editor").moduleFinish(result: "text")
        #expect(texts == ["result none", "alert none", "focus none"])
    }

    @Test func finishOnATabRootEndsNothingAndSaysSoOnce() throws {
        try controller("pusher").moduleFinish(result: "x")
        #expect(
            logs.filter { $0.contains("finish") } == [
                "pusher warning: finish: this screen is a root that nobody pushed or presented, so there is nothing to end; "
                    + "call finish on a screen a module pushed or presented"
            ])
        #expect(texts.first == "result none")
    }

    @Test func anAlertsAnswerReachesTheModuleAsTabEventAlert() throws {
        try controller("pusher").moduleAlert(ScreenAlert(id: "confirm", title: "Sure?", buttons: ["Yes", "No"]))
        #expect(host.screen.alert == ScreenAlert(id: "confirm", title: "Sure?", buttons: ["Yes", "No"]))
        #expect(host.apply(.activate("push")) == false)
        #expect(host.apply(.answerAlert(id: "confirm", button: "No")))
        #expect(host.screen.alert == nil)
        #expect(texts[1] == "alert confirm=No")
    }

    @Test func anAlertPastTheButtonLimitKeepsTheFirstEightWithOneLogLine() throws {
        let pusher = try controller("pusher")
        let labels = (1...9).map { "B\($0)" }
        pusher.moduleAlert(ScreenAlert(id: "many", title: "Many", buttons: labels))
        #expect(host.screen.alert?.buttons == Array(labels.prefix(8)))
        #expect(logs == ["pusher warning: alert \"many\": 9 buttons, more than the limit of 8; the first 8 are shown"])
        // Within the limits (as the C side may already have cut it), nothing more is said.
        pusher.moduleAlert(ScreenAlert(id: "eight", title: "Eight", buttons: Array(labels.prefix(8))))
        #expect(logs.count == 1)
        let longID = String(repeating: "i", count: 257)
        pusher.moduleAlert(ScreenAlert(id: longID, title: "Long", buttons: ["OK"]))
        #expect(logs.count == 2)
        #expect(logs.last?.hasPrefix("pusher warning: alert: an id of 257 bytes is longer than the limit of 256 bytes") == true)
        #expect(host.apply(.answerAlert(id: "many", button: "B8")))
        #expect(host.apply(.answerAlert(id: "eight", button: "B1")))
        #expect(host.screen.alert == nil)
    }

    @Test func theFocusTheFrontEndReportedReachesA12ModuleOnly() throws {
        #expect(host.apply(.focus("present")))
        #expect(host.apply(.key(.down)))
        #expect(texts[2] == "focus present")
        #expect(host.apply(.focus(nil)))
        #expect(host.apply(.key(.down)))
        #expect(texts[2] == "focus NULL")
        #expect(host.apply(.selectTab(1)))
        #expect(host.apply(.focus("present")))
        #expect(host.apply(.key(.down)))
        // A 1.1 module never reads `focus`; were it to, it would find nothing there.
        #expect(host.screen.content.nodes.first == .text("result none"))
        #expect(texts[2] == "focus NULL")
    }

    @Test func saveSoonAsksTheHostsHandlerForThatController() throws {
        var asked: [any Controller] = []
        host.saveSoonHandler = { asked.append($0) }
        let pusher = try controller("pusher")
        pusher.moduleSaveSoon()
        #expect(asked.count == 1 && asked.first === pusher)
    }
}
