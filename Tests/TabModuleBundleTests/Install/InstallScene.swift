import Foundation
import Glibc
import TabHostTesting
import TabModuleBundle

/// A scratch home for running the built `tabhost install` (and rollback, remove, list) end to end:
/// `XDG_DATA_HOME`, `XDG_CONFIG_HOME` and `XDG_CACHE_HOME` inside it, real modules compiled with cc, and
/// bundles written with the archive fixtures.
final class InstallScene {
    let scratch: Fixture
    /// The modules directory install uses by default: `$XDG_DATA_HOME/tabhost/modules`.
    var modules: String { scratch.path("data/tabhost/modules") }
    /// The trust store.
    var trustStore: String { scratch.path("config/tabhost/trust.json") }
    /// The permissions store.
    var grantStore: String { scratch.path("config/tabhost/permissions.json") }
    /// The variables every run gets.
    var environment: [String: String] {
        ["XDG_DATA_HOME": scratch.path("data"), "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache")]
    }

    init() throws {
        scratch = try Fixture(prefix: "tabhost-install")
    }

    /// A module `clock` whose descriptor says `version` and asks for `permissions`, compiled with cc.
    func module(version: String = "1.4.0", permissions: String = "network", name: String = "clock") throws -> [UInt8] {
        let source = """
            #include "tab_module.h"
            #include <stdlib.h>
            static void *create(const tab_host_api *api, tab_host *host) { (void)api; (void)host; return malloc(1); }
            static void render(void *self, tab_view *view) { (void)self; (void)view; }
            static void destroy(void *self) { free(self); }
            __attribute__((used)) static const tab_module_descriptor descriptor = {
                TAB_MODULE_DESCRIPTOR_HEADER, .create = create, .render = render, .destroy = destroy,
                .name = "\(name)", .version = "\(version)", .title = "Clock", .permissions = "\(permissions)"
            };
            TAB_MODULE_DECLARE(descriptor)

            """
        let path = try scratch.compile("build-\(name)-\(version)-\(permissions.count).so", source: source)
        return try BundleFileReading.bytes(path)
    }

    /// A valid bundle (BundleFixture's files, a real module first) for `version`, signed by `key` when given.
    func fixture(version: String = "1.4.0", key: SecretKey? = nil) throws -> BundleFixture {
        var bundle = BundleFixture()
        if let key { bundle.key = key }
        bundle.version = SemanticVersion(version)!
        bundle.files[0] = ("\(BundleInstallerArchitecture.this)/clock.so", try module(version: version), BundleInstallerArchitecture.this)
        return bundle
    }

    /// Writes `entries` as the bundle `name` in the scratch directory; returns its path.
    @discardableResult
    func write(_ entries: [RawArchive.Entry], as name: String = "clock.tabmod") throws -> String {
        let path = scratch.path(name)
        try? FileManager.default.removeItem(atPath: path)
        try RawArchive.write(entries, to: path)
        return path
    }

    /// Runs the built `tabhost` with the scene's environment (and `extra`).
    func tabhost(_ arguments: [String], stdin: ProcessInput = .none, extra: [String: String] = [:]) throws -> ProcessResult {
        try run(Products.tabhost, arguments: arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    /// Every path under the modules directory with its type and mode (`d755 clock`, `f644 clock/data.txt`,
    /// `l clock`), sorted: what a test compares before and after.
    func tree(_ root: String? = nil) -> [String] {
        let root = root ?? modules
        guard let names = FileManager.default.enumerator(atPath: root) else { return [] }
        var lines: [String] = []
        for case let name as String in names {
            var info = stat()
            guard lstat(root + "/" + name, &info) == 0 else { continue }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR: lines.append("d\(mode) \(name)")
            case S_IFLNK: lines.append("l \(name)")
            default: lines.append("f\(mode) \(name) \(info.st_size)")
            }
        }
        return lines.sorted()
    }

    /// The names at the top of the modules directory.
    var topNames: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: modules)) ?? []).sorted() }

    /// The trust store's text ("" when there is none).
    var trustText: String { (try? String(contentsOfFile: trustStore, encoding: .utf8)) ?? "" }
}
