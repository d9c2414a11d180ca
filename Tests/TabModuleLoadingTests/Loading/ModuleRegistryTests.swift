import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// Directories of modules: good ones load whatever else is there, names are unique, lookups work.
@Suite(.blocking)
struct ModuleRegistryTests {
    @Test func aDirectoryWithGoodAndBadFilesLoadsEveryGoodModule() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        try fixture.compile("a-good.so", source: ModuleSource(name: "alpha").text)
        try fixture.write("b-text.so", text: "not a library\n")
        try fixture.compile("c-good.so", source: ModuleSource(name: "gamma").text)
        try fixture.write("d-empty.so", bytes: [])
        try fixture.compile("e-magic.so", source: ModuleSource(name: "epsilon").with("magic", "1").text)
        try fixture.compile("f-good.so", source: ModuleSource(name: "phi").text)
        try fixture.write("notes.txt", text: "ignored: not .so\n")
        try fixture.write(".hidden.so", text: "ignored: hidden\n")

        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        let entries = registry.load(directories: [ModuleDirectory(fixture.directory), ModuleDirectory(fixture.path("absent"))])

        #expect(registry.modules.map(\.name) == ["alpha", "gamma", "phi"])
        #expect(registry.module(named: "gamma")?.info.sourcePath == fixture.path("c-good.so"))
        #expect(registry.module(named: "epsilon") == nil)
        // Directory errors first, then every file in byte order.
        #expect(
            entries.map(\.path) == [
                fixture.path("absent"), fixture.path("a-good.so"), fixture.path("b-text.so"), fixture.path("c-good.so"),
                fixture.path("d-empty.so"), fixture.path("e-magic.so"), fixture.path("f-good.so"),
            ])
        #expect(registry.errors.map(\.code) == [.notFound, .notELF, .emptyFile, .badMagic])
        #expect(
            registry.errors[0].description
                == "\(fixture.path("absent")): module directory not found; create it or pass an existing directory")
        #expect(entries[0].isDirectory && !entries[1].isDirectory)
    }

    /// A name is what a layout's grants and a data directory are bound to: a module that declares
    /// another's name and sorts first must not take them (the first file in byte order kept the name).
    @Test func aNameTwoFilesDeclareIsNeithersAndEachSaysWhy() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        try fixture.compile("0squat.so", source: ModuleSource(name: "same").with("title", "\"Squatter\"").text)
        try fixture.compile("same.so", source: ModuleSource(name: "same").with("title", "\"Genuine\"").text)
        try fixture.compile("zz.so", source: ModuleSource(name: "same").with("title", "\"Third\"").text)
        try fixture.compile("other.so", source: ModuleSource(name: "other").text)
        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        let entries = registry.load(directories: [ModuleDirectory(fixture.directory)])
        #expect(registry.module(named: "same") == nil)
        #expect(registry.info(named: "same") == nil)
        #expect(registry.module(named: "other") != nil)
        #expect(entries.filter { $0.module != nil }.map(\.path) == [fixture.path("other.so")])
        let hint = "a name belongs to one file: rename one of the modules or remove the others (none of them loads meanwhile)"
        #expect(
            registry.errors.map(\.description).sorted() == [
                "\(fixture.path("0squat.so")): module name \"same\" is also declared by \(fixture.path("same.so")), \(fixture.path("zz.so")); \(hint)",
                "\(fixture.path("same.so")): module name \"same\" is also declared by \(fixture.path("0squat.so")), \(fixture.path("zz.so")); \(hint)",
                "\(fixture.path("zz.so")): module name \"same\" is also declared by \(fixture.path("0squat.so")), \(fixture.path("same.so")); \(hint)",
            ])
        #expect(registry.errors.allSatisfy { $0.code == .duplicateName })
        // No copy of a refused file stays; the accepted one's does.
        let copies = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
        #expect(copies.count == 1 && ModuleCopyDirectory.isCopy(copies[0], of: "other"), "\(copies)")
    }

    @Test func directoryProblemsAreOneErrorEach() throws {
        let fixture = try Fixture()
        let file = try fixture.write("plain", text: "x")
        let result = ModuleDiscovery.scan([
            ModuleDirectory(fixture.path("nope")), ModuleDirectory(file), ModuleDirectory(fixture.directory),
        ])
        #expect(result.files == [])
        #expect(result.errors.map(\.code) == [.notFound, .notRegularFile])
        #expect(result.errors[1].description == "\(file): not a directory; pass the directory that holds the .so files")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any directory"))
    func anUnreadableDirectoryIsOneError() throws {
        let fixture = try Fixture()
        let locked = fixture.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        _ = chmod(locked, 0)
        defer { _ = chmod(locked, 0o700) }
        let result = ModuleDiscovery.scan([ModuleDirectory(locked)])
        #expect(result.errors.map(\.code) == [.unreadable])
        #expect(result.errors.first?.reason == "module directory cannot be read: Permission denied")
    }

    @Test func discoveryHonoursANamePrefix() throws {
        let fixture = try Fixture()
        try fixture.write("libTabExampleB.so", text: "b")
        try fixture.write("libTabExampleA.so", text: "a")
        try fixture.write("libOther.so", text: "o")
        let files = try ModuleDiscovery.files(in: ModuleDirectory(fixture.directory, namePrefix: ModuleSearchPath.examplePrefix))
        #expect(files == [fixture.path("libTabExampleA.so"), fixture.path("libTabExampleB.so")])
    }

    /// The path-reuse trap: dlopen matches loaded images by path string. Many modules with the
    /// same file name, and one file overwritten in place, must each give their own descriptor.
    @Test func everyModuleLoadedAtOnceReturnsItsOwnName() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let loader = ModuleLoader(copies: cache)
        var modules: [LoadedModule] = []
        for index in 0..<12 {
            let directory = fixture.path("d\(index)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let built = try fixture.compile("d\(index)/module.so", source: ModuleSource(name: "module-\(index)").text)
            modules.append(try loader.load(built))
        }
        for (index, module) in modules.enumerated() {
            #expect(module.info.name == "module-\(index)")
            // Read the name from the image itself, not from the copied info.
            #expect(String(cString: module.descriptor.pointee.name) == "module-\(index)")
        }
        #expect(Set(modules.map(\.copyPath)).count == modules.count)

        // Overwrite one file in place and load it again while the first image is still open.
        let path = fixture.path("d0/module.so")
        try fixture.compile("d0/module.so", source: ModuleSource(name: "replaced").text)
        let registry = ModuleRegistry(loader: loader)
        let again = try registry.load(file: path).module
        #expect(again.name == "replaced")
        #expect(String(cString: again.descriptor.pointee.name) == "replaced")
        #expect(String(cString: modules[0].descriptor.pointee.name) == "module-0")
    }

    @Test func reloadingAFileReplacesItsModuleAndReturnsTheOldOne() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let registry = ModuleRegistry(loader: ModuleLoader(copies: cache))
        let path = try fixture.compile("tab.so", source: ModuleSource(name: "tab").with("version", "\"1\"").text)
        let first = try registry.load(file: path)
        #expect(first.replaced == nil)
        try fixture.compile("tab.so", source: ModuleSource(name: "tab").with("version", "\"2\"").text)
        let second = try registry.load(file: path)
        #expect(second.replaced === first.module)
        #expect(registry.module(named: "tab")?.info.version == "2")
        #expect(second.module.generation > first.module.generation)
        #expect(!first.module.isClosed)
        #expect(registry.unload(file: path) === second.module)
        #expect(registry.module(named: "tab") == nil)
    }
}
