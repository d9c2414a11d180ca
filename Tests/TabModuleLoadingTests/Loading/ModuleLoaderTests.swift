import Foundation
import TabHostTesting
import Testing

@testable import TabModuleLoading

/// What an accepted module declares is copied exactly; Swift images stay mapped, C images do not.
@Suite(.blocking)
struct ModuleLoaderTests {
    @Test func everyDeclaredFieldIsCopied() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        try FileManager.default.createDirectory(atPath: fixture.path("assets"), withIntermediateDirectories: false)
        try fixture.write("assets/bar.svg", text: "<svg/>")
        var source = ModuleSource(name: "full.bar-1_x")
        for (field, value) in [
            ("kind", "TAB_MODULE_KIND_TAB_BAR"), ("version", "\"2.3.4\""), ("title", "\"Fancy ★ bar\""),
            ("image", "\"assets/bar.svg\""), ("glyph", "\"★\""), ("start", "start"), ("event", "event"),
            ("appearance", "appearance"), ("save_state", "save_state"), ("restore_state", "restore_state"),
        ] {
            source[field] = value
        }
        let path = try fixture.compile("full.so", source: source.text)
        let module = try ModuleLoader(copies: cache).load(path)
        let expected = ModuleInfo(
            name: "full.bar-1_x", version: "2.3.4", title: "Fancy ★ bar", glyph: "★", declaredImage: "assets/bar.svg",
            imagePath: fixture.path("assets/bar.svg"), kind: .tabBar, abiMajor: 1, abiMinor: TabModuleABI.minor,
            // Every function of the 1.2 set (the fixture draws no lazy list: no `list_row`).
            structSize: TabModuleABI.descriptorSize13,
            functions: ModuleFunctions(ModuleFunctions.all.map(\.function).filter { $0 != .listRow }),
            sourcePath: path, containsSwift: false)
        #expect(module.info == expected)
        #expect(
            module.info.functions.cNames == ["create", "start", "render", "event", "appearance", "save_state", "restore_state", "destroy"])

        let minimal = try ModuleLoader(copies: cache).load(
            try fixture.compile("min.so", source: ModuleSource(name: "min").with("destroy", nil).text))
        #expect(minimal.info.functions == [.create, .render])
        #expect(minimal.info.version == nil && minimal.info.glyph == nil && minimal.info.imagePath == nil)
        #expect(minimal.info.kind == .content)
    }

    @Test func aModuleBuiltOutsideTheRepoWithOnlyTheHeaderIsAccepted() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        // A third party's tree: their own copy of tab_module.h and a plain cc command.
        try FileManager.default.createDirectory(atPath: fixture.path("sdk"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixture.includeDirectory + "/tab_module.h", toPath: fixture.path("sdk/tab_module.h"))
        try fixture.write(
            "hello.c",
            text: """
                #include "tab_module.h"
                #include <stdlib.h>
                typedef struct hello { const tab_host_api *api; } hello;
                static void *hello_create(const tab_host_api *api, tab_host *host) {
                    (void)host;
                    hello *self = malloc(sizeof *self);
                    if (self) self->api = api;
                    return self;
                }
                static void hello_render(void *self, tab_view *view) { ((hello *)self)->api->text(view, "Hello"); }
                static void hello_destroy(void *self) { free(self); }
                static const tab_module_descriptor descriptor = {
                    TAB_MODULE_DESCRIPTOR_HEADER, .name = "hello", .title = "Hello", .glyph = "H",
                    .create = hello_create, .render = hello_render, .destroy = hello_destroy,
                };
                TAB_MODULE_DECLARE(descriptor)
                """)
        try Fixture.runChecked(
            "/usr/bin/cc", ["-shared", "-fPIC", "-I", fixture.path("sdk"), "-o", fixture.path("hello.so"), fixture.path("hello.c")])
        let module = try ModuleLoader(copies: cache).load(fixture.path("hello.so"))
        #expect(module.info.name == "hello")
        #expect(module.info.title == "Hello")
        #expect(!module.info.containsSwift)
    }

    @Test func cImagesAreUnmappedOnCloseAndSwiftImagesStayMapped() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        let loader = ModuleLoader(copies: cache)
        let plain = try loader.load(try fixture.compile("plain.so", source: ModuleSource(name: "plain").text))
        var swiftSource = ModuleSource(name: "swiftish")
        swiftSource.extra = Self.swiftMarker
        let swift = try loader.load(try fixture.compile("swiftish.so", source: swiftSource.text, flags: try Self.sharedRuntimeFlags()))
        #expect(!plain.info.containsSwift)
        #expect(swift.info.containsSwift && !swift.info.carriesSwiftRuntime)
        #expect(try mapped(plain.copyPath))
        #expect(try mapped(swift.copyPath))
        plain.close()
        swift.close()
        #expect(plain.isClosed && swift.isClosed)
        #expect(!FileManager.default.fileExists(atPath: plain.copyPath))
        #expect(!FileManager.default.fileExists(atPath: swift.copyPath))
        #expect(try !mapped(plain.copyPath))
        #expect(try mapped(swift.copyPath))
    }

    /// Swift code without a Swift library needed is a runtime carried inside (a Swift bundle's release build):
    /// the facts say so, and this process, which has a Swift runtime, refuses to open it with one line.
    @Test func anImageCarryingItsSwiftRuntimeIsNotOpenedInProcess() throws {
        let fixture = try Fixture()
        let cache = try ModuleCopyDirectory()
        defer { cache.removeAll() }
        var source = ModuleSource(name: "carrier")
        source.extra = Self.swiftMarker
        let path = try fixture.compile("carrier.so", source: source.text)
        let bytes = try ModuleFileReader.readAll(path).bytes
        let facts = try ELFFacts.check(bytes, path: path)
        #expect(facts.containsSwift && !facts.needsSwiftRuntime && facts.carriesSwiftRuntime)
        let shared = try ELFFacts.check(
            try ModuleFileReader.readAll(try fixture.compile("shared.so", source: source.text, flags: try Self.sharedRuntimeFlags())).bytes,
            path: "shared.so")
        #expect(shared.containsSwift && shared.needsSwiftRuntime && !shared.carriesSwiftRuntime)

        let error = try #require(throws: ModuleError.self) { try ModuleLoader(copies: cache).load(path) }
        #expect(error.code == .carriesSwiftRuntime)
        #expect(
            error.description
                == "\(path): it carries its own Swift runtime, so it cannot run in the host's process, which has one; "
                + "run it isolated, as by default (drop --isolation none, or \"isolation\": \"none\" in the layout)")
        #expect(try !mapped(path))
        let copies = try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { $0.hasSuffix(".so") }
        #expect(copies.isEmpty, "its private copy is removed: \(copies)")
    }

    /// A FIFO put where a module file was `stat`ed (the read comes after the check): the read neither waits
    /// for a writer (a blocking open of a FIFO would, for ever) nor keeps it open: it refuses it as not a
    /// regular file.
    @Test func aFIFOInAModulesPlaceIsRefusedWithoutWaiting() throws {
        let fixture = try Fixture()
        let fifo = fixture.path("swapped.so")
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: ModuleError.self) { try ModuleFileReader.readAll(fifo) }
        #expect(error.code == .notRegularFile)
        #expect(error.description == "\(fifo): not a regular file; install module .so files as regular files")
        // Nothing holds it open for reading now: a writer finds no reader.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer == -1 && errno == ENXIO)
    }

    /// Only a private copy is ever removed as one: a path outside the copies' directory is left alone.
    @Test func removingACopyNeverRemovesAFileOutsideTheCopies() throws {
        let fixture = try Fixture()
        let copies = try ModuleCopyDirectory(root: fixture.path(""))
        defer { copies.removeAll() }
        let outside = fixture.path("mine.so")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: outside))
        let copy = try copies.store(Array("copy".utf8), baseName: "mine.so")
        copies.remove(copyAt: outside)
        copies.remove(copyAt: copy.path)
        #expect(access(outside, F_OK) == 0)
        #expect(access(copy.path, F_OK) != 0)
    }

    /// A section whose name makes the image one with Swift code.
    private static let swiftMarker = "__attribute__((used, section(\"swift5_types\"))) static const int swift_marker = 1;"

    /// cc flags that make a `DT_NEEDED libswiftCore.so`: the runtime this test process maps.
    private static func sharedRuntimeFlags() throws -> [String] {
        let maps = String(decoding: try ModuleFileReader.readAll("/proc/self/maps").bytes, as: UTF8.self)
        let line = try #require(maps.split(separator: "\n").first { $0.hasSuffix("/libswiftCore.so") }, "no libswiftCore.so mapped")
        let file = String(line[line.firstIndex(of: "/")!...])
        let directory = String(file[..<file.lastIndex(of: "/")!])
        return ["-shared", "-fPIC", "-L", directory, "-Wl,--no-as-needed", "-lswiftCore"]
    }

    /// True when /proc/self/maps maps the file at `path` (deleted or not).
    private func mapped(_ path: String) throws -> Bool {
        // /proc files report size 0: read them with read(2), not a size-based reader.
        let maps = String(decoding: try ModuleFileReader.readAll("/proc/self/maps").bytes, as: UTF8.self)
        return maps.split(separator: "\n").contains { $0.hasSuffix(path) || $0.hasSuffix(path + " (deleted)") }
    }
}
