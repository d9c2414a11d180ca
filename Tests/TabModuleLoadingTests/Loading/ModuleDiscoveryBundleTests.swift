import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// Installed bundles in a module directory: `D/` holding `manifest.json` and `D/D.so` is the module
/// file `D/D.so`, listed with the plain files in byte order of the top-level names.
@Suite(.blocking)
struct ModuleDiscoveryBundleTests {
    /// Makes the bundle directory `name/` in `fixture` with `manifest.json` and, unless `module` is
    /// false, `name/name.so` compiled from `source` (a module named `name` by default).
    @discardableResult
    private func bundle(_ fixture: Fixture, _ name: String, source: ModuleSource? = nil, module: Bool = true) throws -> String {
        try FileManager.default.createDirectory(atPath: fixture.path(name), withIntermediateDirectories: false)
        _ = chmod(fixture.path(name), 0o755)
        try fixture.write("\(name)/manifest.json", text: #"{"name":"\#(name)"}"#)
        if module { try fixture.compile("\(name)/\(name).so", source: (source ?? ModuleSource(name: name)).text) }
        return fixture.path("\(name)/\(name).so")
    }

    @Test func bundleDirectoriesAreListedSortedWithThePlainFilesAndHiddenOnesAreSkipped() throws {
        let fixture = try Fixture()
        try fixture.write("beta.so", text: "x")
        try fixture.write("delta.so", text: "x")
        try bundle(fixture, "alpha", module: false)
        try fixture.write("alpha/alpha.so", text: "x")
        try FileManager.default.createDirectory(atPath: fixture.path("gamma"), withIntermediateDirectories: false)
        try fixture.write("gamma/manifest.json", text: "{}")
        try fixture.write("gamma/gamma.so", text: "x")
        // Hidden: an install in progress, the previous version, a removal in progress.
        for hidden in [".staging-a1b2c3", ".alpha.previous", ".removed-x1y2z3"] {
            try FileManager.default.createDirectory(atPath: fixture.path(hidden), withIntermediateDirectories: false)
            try fixture.write("\(hidden)/manifest.json", text: "{}")
            try fixture.write("\(hidden)/\(hidden).so", text: "x")
        }
        let listing = try ModuleDiscovery.listing(in: ModuleDirectory(fixture.directory))
        #expect(
            listing.files == [
                fixture.path("alpha/alpha.so"), fixture.path("beta.so"), fixture.path("delta.so"), fixture.path("gamma/gamma.so"),
            ])
        #expect(listing.problems.isEmpty)
    }

    @Test func aSubdirectoryWithoutManifestIsIgnored() throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(atPath: fixture.path("build"), withIntermediateDirectories: false)
        try fixture.write("build/build.so", text: "x")
        try fixture.write("plain.so", text: "x")
        let result = ModuleDiscovery.scan([ModuleDirectory(fixture.directory)])
        #expect(result.files == [fixture.path("plain.so")])
        #expect(result.errors.isEmpty)
    }

    @Test func aBundleDirectoryWithoutItsModuleFileIsOneErrorNamingIt() throws {
        let fixture = try Fixture()
        try bundle(fixture, "hello", module: false)
        try fixture.write("hello/other.so", text: "x")
        try fixture.write("plain.so", text: "x")
        let result = ModuleDiscovery.scan([ModuleDirectory(fixture.directory)])
        #expect(result.files == [fixture.path("plain.so")])
        #expect(result.errors.count == 1)
        #expect(
            result.errors.first?.description
                == "\(fixture.path("hello/hello.so")): bundle directory \(fixture.path("hello")) has manifest.json but no hello.so; "
                + "install the module again (tabhost install) or remove the directory")
    }

    @Test func theNamePrefixOfADirectoryAppliesToBundles() throws {
        let fixture = try Fixture()
        try bundle(fixture, "libTabExampleClock", module: false)
        try fixture.write("libTabExampleClock/libTabExampleClock.so", text: "x")
        try bundle(fixture, "other", module: false)
        try fixture.write("other/other.so", text: "x")
        let files = try ModuleDiscovery.files(in: ModuleDirectory(fixture.directory, namePrefix: "libTabExample"))
        #expect(files == [fixture.path("libTabExampleClock/libTabExampleClock.so")])
    }

    @Test func aBundleLoadsWithItsImage() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let file = try bundle(fixture, "hello", source: ModuleSource(name: "hello").with("image", "\"hello.png\""))
        try fixture.write("hello/hello.png", bytes: [0x89, 0x50, 0x4E, 0x47])
        try bundle(fixture, "broken", module: false)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        let entries = registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.module(named: "hello")?.info.sourcePath == file)
        #expect(registry.module(named: "hello")?.info.imagePath == fixture.path("hello/hello.png"))
        #expect(entries.map(\.path) == [fixture.path("broken/broken.so"), file])
        #expect(registry.errors.map(\.code) == [.notFound])
        #expect(registry.listedFileNames(in: ModuleDirectory(fixture.directory)) == ["hello/hello.so"])
    }

    @Test func aPlainFileDeclaringABundlesNameTakesItFromBoth() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let file = try bundle(fixture, "hello", source: ModuleSource(name: "hello"))
        // "hello" sorts before "hello.so": the bundle was first, and kept the name.
        try fixture.compile("hello.so", source: ModuleSource(name: "hello").with("title", "\"Plain\"").text)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        let entries = registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.module(named: "hello") == nil)
        #expect(entries.map(\.path) == [file, fixture.path("hello.so")])
        #expect(registry.errors.map(\.code) == [.duplicateName, .duplicateName])
        #expect(registry.errors.first?.reason == "module name \"hello\" is also declared by \(fixture.path("hello.so"))")
        #expect(registry.errors.last?.reason == "module name \"hello\" is also declared by \(file)")
    }

    @Test func aGroupWritableBundleDirectoryIsRefusedAsItsModulesDirectoryWouldBe() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        try bundle(fixture, "hello")
        _ = chmod(fixture.path("hello"), 0o775)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.errors.map(\.code) == [.insecurePermissions])
        #expect(registry.errors.first?.reason.hasPrefix("its directory \(fixture.path("hello")) is writable by its group") == true)
    }

    @Test func aSecondStartFindsTheBundleInTheMetadataCacheAndAnUpdateIsReadAgain() throws {
        let harness = try MetadataCacheHarness()
        let fixture = harness.modules
        try bundle(fixture, "hello", source: ModuleSource(name: "hello").with("title", "\"Old\""))
        let (_, cold) = try harness.start()
        #expect(cold.map(\.fromCache) == [false])
        let (warm, entries) = try harness.start()
        #expect(entries.map(\.fromCache) == [true])
        #expect(warm.info(named: "hello")?.title == "Old")
        // An update puts a new directory at the same name: the same path, another file.
        try FileManager.default.removeItem(atPath: fixture.path("hello"))
        try bundle(fixture, "hello", source: ModuleSource(name: "hello").with("title", "\"New\""))
        let (updated, again) = try harness.start()
        #expect(again.map(\.fromCache) == [false])
        #expect(updated.info(named: "hello")?.title == "New")
    }
}
