import Foundation
import TabHostTesting
import Testing

/// The grants of an installed bundle's module are kept by its file, `NAME/NAME.so`, which an update
/// (a new directory exchanged in at the same name) does not move.
@Suite(.blocking)
struct GrantBundleEndToEndTests {
    typealias S = ListInspectSupport

    @Test func grantsOfABundleModuleSurviveAnUpdate() throws {
        try S.withDirectory { dir in
            let modules = dir + "/modules"
            mkdir(modules, 0o700)
            mkdir(dir + "/build", 0o700)
            let run = { (arguments: [String]) throws -> S.Output in
                try S.run(arguments + ["--modules", modules], environment: ["XDG_CONFIG_HOME": dir + "/config"])
            }
            for version in ["1", "2"] {
                let built = try S.compileModule(
                    dir + "/build/alpha-\(version).so",
                    fields: #".name = "alpha", .version = "\#(version)", .title = "Alpha", .permissions = "network read:~/Documents""#)
                let staging = try InstalledBundleSteps.stage(name: "alpha", in: modules, files: ["alpha.so": built])
                if version == "1" {
                    try InstalledBundleSteps.placeFirst(staging, name: "alpha", in: modules)
                    let file = modules + "/alpha/alpha.so"
                    let granted = try run(["grant", "alpha", "network"])
                    #expect(granted == S.Output(stdout: "alpha (\(file)): granted network\n", stderr: "", status: 0), "\(granted)")
                } else {
                    try InstalledBundleSteps.placeUpdate(staging, name: "alpha", in: modules)
                }
            }
            let shown = try run(["permissions", "alpha"])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.stdout.contains("  granted:  network\n"), "\(shown)")
            #expect(shown.stdout.hasPrefix("alpha (\(modules)/alpha/alpha.so)\n"), "\(shown)")
        }
    }
}
