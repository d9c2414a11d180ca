import Foundation
import TabHostTesting
import TabModuleTesting
import Testing

/// `ModuleTester` drives the real `ticker` module through the built `tabhost test-drive`, as a module
/// author's Swift Testing suite would: every step returns settled, and the test clock moves only when
/// the test says so.
@Suite(.hangGuard, .blocking)
struct ModuleTesterTests {
    @Test func aTesterDrivesTheModuleStepByStepWithoutSleeping() throws {
        try withFixture(prefix: "tabhost-tester") { fixture in
            let path = try fixture.compile("ticker.so", source: TickerModule.source)
            let tester = try ModuleTester(path: path, tabhost: Products.tabhost)
            defer { tester.close() }
            #expect(tester.skipReason == nil)
            #expect(tester.title == "Ticker")
            #expect(tester.screen.contains("fires: 0"), "\(tester.screen)")
            #expect(tester.focus == "Start")

            try tester.click("Start")
            try tester.advance(by: .milliseconds(499))
            #expect(tester.screen.contains("fires: 4"), "\(tester.screen)")
            try tester.advance(by: .milliseconds(1))
            #expect(tester.screen.contains("fires: 5"), "\(tester.screen)")
            try tester.advance(by: .seconds(5))
            #expect(tester.screen.contains("fires: 5"), "\(tester.screen)")
            #expect(tester.log.last == "info: fired 5", "\(tester.log)")
            #expect(tester.snapshot.hasPrefix("tabhost-snapshot 1 80x22\n| fires: 5\n"), "\(tester.snapshot)")

            try tester.press("down")
            #expect(tester.focus == "Crash")
            try tester.click("Push")
            #expect(tester.title == "child")
            try tester.click("Done")
            #expect(tester.result == "sent" && tester.title == "Ticker")

            try tester.restart()
            #expect(tester.screen.contains("fires: 0"), "\(tester.screen)")

            let missing = #expect(throws: ModuleTesterError.self) { try tester.click("Nothing") }
            #expect(missing?.lines.first == "nothing titled \"Nothing\" to click; the screen held:", "\(String(describing: missing))")
            let crash = #expect(throws: ModuleTesterError.self) { try tester.click("Crash") }
            #expect(
                crash?.description.hasPrefix("click \"Crash\": the module crashed: Ticker stopped: SIGSEGV") == true,
                "\(String(describing: crash))")
        }
    }
}
