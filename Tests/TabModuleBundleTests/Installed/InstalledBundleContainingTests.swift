import Foundation
import TabHostTesting
import TabModuleBundle
import Testing

/// Which installed bundle a module file belongs to: `DIR/NAME/NAME.so` beside a manifest naming NAME;
/// every other path (a plain module file, a short or odd one) is none, without a crash.
@Suite(.blocking)
struct InstalledBundleContainingTests {
    @Test func aBundlesModuleFileIsItsAndEveryOtherPathIsNone() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let modules = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: false)
        // Only the manifest is read: the module file's bytes do not matter here.
        let module = fixture.path("clock.so")
        try Data("not opened".utf8).write(to: URL(fileURLWithPath: module))
        let manifest = fixture.path("manifest.json")
        let fields =
            #""name":"clock","version":"1.0.0","abi":"1.2","title":"Clock","description":"A clock.","#
            + #""publisher":"Someone","license":"MIT","homepage":"https://example.org","permissions":[],"#
            + #""updates":"https://example.org/feed","files":[]"#
        try Data("{\(fields)}".utf8).write(to: URL(fileURLWithPath: manifest))
        let staging = try InstalledBundleSteps.stage(
            name: "clock", in: modules, files: ["clock.so": module, "manifest.json": manifest])
        try InstalledBundleSteps.placeFirst(staging, name: "clock", in: modules)

        let bundle = try #require(InstalledBundle.containing(moduleFile: modules + "/clock/clock.so"))
        #expect(bundle.manifest.name == "clock" && bundle.directory == modules + "/clock")
        for path in [
            module, modules + "/clock/other.so", modules + "/clock/clock.sox", modules + "/clocks/clock.so", "/clock/clock.so",
            "clock/clock.so", "/.so", ".so", "a.so", "/a.so", "//.so", "", "/", "/é/é.so",
        ] {
            #expect(InstalledBundle.containing(moduleFile: path) == nil, "\(path)")
        }
    }
}
