import Foundation
import TabHostTesting
import TabModuleBundle
import TabModuleBundleCommands
import Testing

/// An unsigned install pins no key, so nothing drops what the user granted a module of that name in
/// that place before (a `remove` without `--purge` keeps it): the question says what it keeps, which the
/// bundle's own list does not show. A first pin drops it, and the question shows nothing kept.
@Suite(.tags(.slow), .selectedByTags)
struct InstallQuestionKeptGrantsTests {
    @Test func anUnsignedInstallSaysWhatItKeepsAndAFirstPinKeepsNothing() throws {
        let scene = try InstallScene()
        let bundle = try scene.fixture()
        let entries = try bundle.entries()
        try FileManager.default.createDirectory(atPath: scene.scratch.path("config/tabhost"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scene.modules, withIntermediateDirectories: true)
        // Grants name the module file with links resolved, as the installer does.
        let real = URL(fileURLWithPath: scene.modules).resolvingSymlinksInPath().path
        let grant = #"{"name": "clock", "file": "\#(real)/clock/clock.so", "publisherKey": null, "permissions": ["network", "write:~/"]}"#
        try #"{"version": 1, "grants": [\#(grant)]}"#.write(toFile: scene.grantStore, atomically: false, encoding: .utf8)
        chmod(scene.grantStore, 0o600)
        var options = BundleInstallOptions(
            modulesDirectory: scene.modules, trustStorePath: scene.trustStore, grantStorePath: scene.grantStore)
        options.allowUnsigned = true
        let asked = LockedBox<[String]>([])
        options.confirm = { question in
            asked.value = question.lines
            return false
        }
        // Unsigned (no manifest.minisig): the kept grants are named.
        _ = try? BundleInstaller(options: options).install(bundleAt: try scene.write([entries[0]] + entries[2...]))
        #expect(
            asked.value.last
                == "it keeps what you granted clock here before: connect to the network; read and write ~/ (tabhost revoke clock drops it)",
            "\(asked.value)")
        // Signed by a key new for the name: the pin drops them, and nothing kept is said.
        _ = try? BundleInstaller(options: options).install(bundleAt: try scene.write(entries))
        #expect(
            asked.value.count == 4 && asked.value[3] == "it asks to: connect to the network (granted only when you allow it)",
            "\(asked.value)")
    }
}
