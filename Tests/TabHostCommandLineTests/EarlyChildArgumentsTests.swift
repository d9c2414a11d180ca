import Testing

@testable import TabHostCommandLine

/// `tabhost run` starts its first module's child before it parses its arguments, unless they keep
/// modules in the host's process or hand the run to `tabhost-web`; no other command starts one.
struct EarlyChildArgumentsTests {
    @Test(arguments: [
        (["run"], true), (["run", "--modules", "d", "--layout", "l.json"], true), (["run", "--isolation", "process"], true),
        (["run", "--sandbox", "off"], true), (["run", "--isolation", "none"], false), (["run", "--isolation=none"], false),
        (["run", "--layout", "l.json", "--isolation", "none"], false), (["run", "--web", "127.0.0.1:0"], false),
        (["run", "--web=127.0.0.1:0"], false), (["run", "--help"], false), (["run", "-h"], false),
        ([], false), (["list"], false), (["serve"], false), (["dev", "run"], false),
    ])
    func onlyARunWithModulesInChildProcessesStartsOneEarly(arguments: [String], starts: Bool) {
        #expect(TabHostCommand.startsModuleChildren(["tabhost"] + arguments) == starts)
    }
}
