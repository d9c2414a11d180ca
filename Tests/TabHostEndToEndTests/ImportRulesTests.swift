import TabHostTesting
import Testing

/// The architecture's dependency rules (docs/internals/architecture.md), checked on the sources: every
/// `import` of every Swift file under `Sources/TARGET` against the table below. The table is the rule;
/// Package.swift's dependencies are what the build allows, which may be wider.
struct ImportRulesTests {
    /// One target's rule: the package modules it may import (and, for the front ends and the command line,
    /// the ones it must never import).
    struct Rule: Sendable, CustomTestStringConvertible {
        /// The target (its folder under Sources/).
        var target: String
        /// The modules it may import besides the system's; nil: any module not in `forbidden`.
        var allowed: Set<String>?
        /// Modules it must never import.
        var forbidden: Set<String> = []
        /// Whether it may import Foundation (FoundationEssentials, Foundation): some targets avoid it on purpose.
        var foundation = true

        var testDescription: String { target }
    }

    /// Modules of the toolchain and the C library, allowed everywhere (Foundation only where a rule says so).
    static let system: Set<String> = ["Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "_Concurrency"]
    static let foundation: Set<String> = ["Foundation", "FoundationEssentials"]
    /// Modules of the package's dependencies (not folders under Sources/).
    static let dependencies: Set<String> = [
        "Logging", "SystemPackage", "Hummingbird", "HummingbirdCore", "HummingbirdWebSocket", "HTTPTypes", "NIOCore",
    ]

    /// What a front end may never see: a session only through TabHostClient and TabKit.
    static let notForFrontEnds: Set<String> = [
        "TabModuleLoading", "TabModuleRuntime", "TabModuleIsolation", "TabHostCore", "_CLtdl", "CTabModule",
    ]
    /// What the session and the module author's loop never see: a front end.
    static let frontEnds: Set<String> = ["TerminalUI", "TabHostWeb", "TabHostWebProtocol", "Hummingbird", "NIOCore"]

    static let rules: [Rule] = [
        // The loop protocol alone, the poll loop over its shim (as NIOCore and NIOPosix).
        Rule(target: "TabHostLoop", allowed: [], foundation: false),
        Rule(target: "TabHostPoll", allowed: ["TabHostLoop", "TabHostConcurrency", "_CHostShims", "SystemPackage"], foundation: false),
        // The container model sees no loader, no loop and no front end; the layout file format sees the model.
        Rule(target: "TabKit", allowed: []),
        Rule(target: "TabLayout", allowed: ["TabKit"]),
        Rule(target: "TabHostClient", allowed: ["TabKit", "TabHostLoop", "TabHostConcurrency"], foundation: false),
        // Loading <- runtime <- isolation: each sees only what is below it.
        Rule(
            target: "TabModuleLoading",
            allowed: ["CTabModule", "_CLtdl", "TabHostConcurrency", "Logging", "SystemPackage"]),
        Rule(
            target: "TabModuleRuntime",
            allowed: [
                "TabModuleLoading", "TabKit", "TabHostConcurrency", "CTabModule", "_CLtdl", "_CIsolation", "_CBundleShims", "Logging",
                "SystemPackage",
            ]),
        Rule(
            target: "TabModuleIsolation",
            allowed: [
                "TabModuleRuntime", "TabModuleLoading", "TabKit", "TabHostLoop", "TabHostConcurrency", "CTabModule", "_CIsolation",
                "_CSandbox", "Logging", "SystemPackage",
            ]),
        // The live session and the dev loop: every layer below, no front end.
        Rule(target: "TabHostCore", allowed: nil, forbidden: frontEnds),
        Rule(target: "TabHostDev", allowed: nil, forbidden: frontEnds),
        // The front ends.
        Rule(
            target: "TerminalUI",
            allowed: ["TabKit", "TabHostClient", "TabHostLoop", "TabHostConcurrency", "_CTerminalShims", "SystemPackage"],
            forbidden: notForFrontEnds, foundation: false),
        Rule(target: "TabHostWebProtocol", allowed: ["TabKit"], forbidden: notForFrontEnds),
        Rule(
            target: "TabHostWeb",
            allowed: [
                "TabKit", "TabHostClient", "TabHostLoop", "TabHostConcurrency", "TabHostWebProtocol", "Hummingbird",
                "HummingbirdCore", "HummingbirdWebSocket", "HTTPTypes", "NIOCore", "Logging", "SystemPackage", "_CTLSShims",
            ],
            // The page is embedded at build time (no resource bundle, whose accessor imports Foundation).
            forbidden: notForFrontEnds, foundation: false),
        // The Swift layer modules are written with: only the C ABI, no Foundation for a module to pay for.
        Rule(target: "TabModuleKit", allowed: ["CTabModule"], foundation: false),
        // `tabhost test`'s runner: a session (the core, its children) drawn by the terminal renderer in memory; no
        // web server, no bundle tools.
        Rule(
            target: "TabHostScriptTesting",
            allowed: [
                "TabHostCore", "TabHostDev", "TabHostPoll", "TabHostConcurrency", "TabKit", "TabModuleIsolation", "TabModuleLoading",
                "TabModuleRuntime", "TerminalUI",
            ]),
        // Bundles: keys, signatures and the manifest over libsodium; the archives over libarchive, apart.
        Rule(target: "TabModuleBundle", allowed: ["TabModuleLoading", "_CSodium", "_CBundleShims", "SystemPackage"]),
        Rule(target: "TabModuleBundleArchive", allowed: ["TabModuleBundle", "_CArchive", "SystemPackage"], foundation: false),
        // The bundle commands' work, linked into `tabhost-bundle` alone: no web server.
        Rule(
            target: "TabModuleBundleCommands", allowed: nil,
            forbidden: ["TabHostWeb", "Hummingbird", "HummingbirdWebSocket", "NIOCore", "HTTPTypes", "_CTLSShims", "_COpenSSL"]),
        // `tabhost` links no web server (`serve` and `run --web` exec `tabhost-web`), no libarchive, which maps
        // libxml2, ICU and libstdc++ at every start, and no libcurl (`install` execs `tabhost-bundle`).
        Rule(
            target: "TabHostCommandLine", allowed: nil,
            forbidden: [
                "TabHostWeb", "Hummingbird", "HummingbirdWebSocket", "NIOCore", "HTTPTypes", "_CTLSShims", "_COpenSSL",
                "TabModuleBundleArchive", "_CArchive", "TabModuleDownload", "_CCurlShims",
            ]),
    ]

    /// Every import of `rule.target` keeps the rule.
    @Test(arguments: rules)
    func importsKeepTheRule(_ rule: Rule) throws {
        try #require(SourceImports.targetExists(rule.target), "Sources/\(rule.target) is gone: update the rules")
        for module in (rule.allowed ?? []).subtracting(Self.dependencies) {
            #expect(SourceImports.targetExists(module), "\(rule.target)'s rule names \(module), which is no target")
        }
        let imports = try SourceImports.imports(of: rule.target)
        let permitted = Self.system.union(rule.foundation ? Self.foundation : [])
        let bad = imports.filter { line in
            rule.forbidden.contains(line.module)
                || (!rule.foundation && Self.foundation.contains(line.module))
                || (!permitted.contains(line.module) && rule.allowed.map { !$0.contains(line.module) } == true)
        }
        #expect(bad.isEmpty, "imports against \(rule.target)'s rule:\n\(bad.map(\.description).joined(separator: "\n"))")
    }

    /// The parser sees every spelling of an import the sources use.
    @Test func theParserReadsEveryImportSpelling() {
        let lines: [Substring: String?] = [
            "import Glibc": "Glibc", "    import FoundationEssentials": "FoundationEssentials", "@testable import TabKit": "TabKit",
            "public import Logging": "Logging", "@preconcurrency internal import NIOCore": "NIOCore", "import struct TabKit.Tab": "TabKit",
            "// import TabModules": nil, "let important = 1": nil,
        ]
        for (line, module) in lines { #expect(SourceImports.importedModule(line) == module, "\(line)") }
    }
}
