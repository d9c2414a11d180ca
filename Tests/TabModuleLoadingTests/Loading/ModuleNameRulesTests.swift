import Testing

@testable import TabModuleLoading

/// The one module-name rule (descriptor names, `tabhost new`, `tabhost inspect NAME`) and the one
/// module-file-name rule (discovery, the directory watcher), each with its exact reasons.
struct ModuleNameRulesTests {
    static let names: [(name: String, reason: String?)] = [
        ("clock", nil),
        ("2fa.my-mod_x", nil),
        ("a.", nil),
        ("a..b", nil),
        (String(repeating: "a", count: 64), nil),
        ("", "module name is empty"),
        (String(repeating: "a", count: 65), "module name is longer than 64 bytes"),
        ("My Tab", #"module name "My Tab" has characters outside [a-z0-9._-]"#),
        ("x/y", #"module name "x/y" has characters outside [a-z0-9._-]"#),
        ("caf\u{E9}", #"module name "caf\xc3\xa9" has characters outside [a-z0-9._-]"#),
        (".", #"module name "." starts with a dot (its file would be hidden)"#),
        ("..", #"module name ".." starts with a dot (its file would be hidden)"#),
        ("...", #"module name "..." starts with a dot (its file would be hidden)"#),
        (".tab", #"module name ".tab" starts with a dot (its file would be hidden)"#),
    ]

    @Test(arguments: names)
    func moduleNames(_ name: String, _ reason: String?) {
        #expect(ModuleNameRules.nameProblem(name) == reason)
        #expect(ModuleSearchPath.isValidModuleName(name) == (reason == nil))
    }

    static let fileNames: [(name: String, reason: String?)] = [
        ("clock.so", nil),
        ("libTabExampleClock.so", nil),
        ("a.so", nil),
        ("..so.so", #""..so.so" is hidden (starts with a dot)"#),
        (".so", #"".so" is hidden (starts with a dot)"#),
        (".clock.so", #"".clock.so" is hidden (starts with a dot)"#),
        ("clock.so.tmp", #""clock.so.tmp" does not end in .so"#),
        ("clock.c", #""clock.c" does not end in .so"#),
        ("", #""" is not a file name"#),
        ("dir/clock.so", #""dir/clock.so" is not a file name"#),
    ]

    @Test(arguments: fileNames)
    func moduleFileNames(_ name: String, _ reason: String?) {
        #expect(ModuleNameRules.fileNameProblem(name) == reason)
        #expect(ModuleDirectory("/modules").isModuleFileName(name) == (reason == nil))
        // The byte form discovery uses agrees with the String rule.
        #expect(ModuleNameRules.isFileName(utf8: Array(name.utf8)) == (reason == nil))
        #expect(ModuleDirectory("/modules").isModuleFileName(utf8: Array(name.utf8)) == (reason == nil))
    }

    @Test func aDirectoryPrefixNarrowsTheFileRuleButNeverWidensIt() {
        let build = ModuleDirectory("/build", namePrefix: "libTabExample")
        #expect(build.isModuleFileName("libTabExampleClock.so"))
        #expect(!build.isModuleFileName("libOther.so"))
        #expect(!build.isModuleFileName("libTabExampleClock.so.tmp"))
        #expect(build.isModuleFileName(utf8: Array("libTabExampleClock.so".utf8)))
        #expect(!build.isModuleFileName(utf8: Array("libOther.so".utf8)))
    }

    @Test func anotherSuffixHasNoNameBeforeItWhenAlone() {
        #expect(ModuleNameRules.fileNameProblem("x.mod", suffix: ".mod") == nil)
        #expect(ModuleNameRules.fileNameProblem("mod", suffix: "mod") == #""mod" has no name before mod"#)
        #expect(ModuleNameRules.isFileName(utf8: Array("x.mod".utf8), suffix: ".mod"))
        #expect(!ModuleNameRules.isFileName(utf8: Array("mod".utf8), suffix: "mod"))
    }
}
