import Foundation
import TabHostTesting
import TabModuleIsolation
import TabModuleRuntime
import Testing

/// A module's `data_dir` is chosen by its name: an untrusted module run from anywhere (a download, another
/// session) that declares the name of a bundle the user installed would read and write what that module
/// keeps there (its tokens). While such a bundle is installed, only its own module file gets the directory;
/// the control is the same module with no bundle of its name installed.
@Suite(.serialized, .blocking)
struct IsolationDataDirectoryOwnerTests {
    /// Shows what `data_dir` answered and what it read from `token` there.
    static let reader = """
        #include "tab_module.h"
        #include <stdio.h>
        #include <stdlib.h>
        static char shown[4200] = "nothing";
        static void *create(const tab_host_api *api, tab_host *host) {
            const char *data = api->data_dir(host);
            char path[4096], token[64] = "";
            snprintf(path, sizeof path, "%s/token", data ? data : "(null)");
            FILE *file = data ? fopen(path, "r") : NULL;
            if (file) { if (!fgets(token, sizeof token, file)) token[0] = 0; fclose(file); }
            snprintf(shown, sizeof shown, "%s %s", data ? "dir" : "(null)", file ? token : "unread");
            return (void *)api;
        }
        static void render(void *self, tab_view *view) { ((const tab_host_api *)self)->text(view, shown); }
        static const tab_module_descriptor descriptor = {
            TAB_MODULE_DESCRIPTOR_HEADER, .name = "accts", .version = "1.0", .title = "Accounts",
            .create = create, .render = render,
        };
        const tab_module_descriptor *tab_module_entry(void) { return &descriptor; }
        """

    @Test(arguments: ["installed", "claimed", "neither"])
    func anotherFileOfAnInstalledBundlesNameGetsNoDataDirectory(_ how: String) throws {
        let user = try Fixture()
        defer { user.remove() }
        let data = user.directory + "/share/tabhost/data"
        try FileManager.default.createDirectory(
            atPath: data + "/accts", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "SECRET-OF-THE-INSTALLED-MODULE".write(toFile: data + "/accts/token", atomically: false, encoding: .utf8)
        // Installed in the user's modules directory, or elsewhere (`--modules DIR`) and run once: its claim.
        let elsewhere = user.directory + "/elsewhere/accts"
        if how == "claimed" {
            try "\(elsewhere)\n".write(toFile: data + "/.accts.bundle", atomically: false, encoding: .utf8)
        }
        if how == "installed" {
            let bundle = user.directory + "/share/tabhost/modules/accts"
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try "{}".write(toFile: bundle + "/manifest.json", atomically: false, encoding: .utf8)
        }
        var settings = IsolatedHost.testSettings
        settings.sandbox = .on
        settings.dataDirectory = ModuleDataDirectory(root: data)
        let setup = try IsolatedHost(
            modules: [("accts.so", Self.reader)],
            layout: #"{"root": {"stack": {"tabs": [{"name": "a", "module": "accts"}]}}}"#, settings: settings)
        setup.runtime.dataDirectory = settings.dataDirectory
        setup.host.start()
        switch how {
        case "installed":
            #expect(setup.texts == ["(null) unread"], "\(setup.texts)")
            let line = "data_dir: \(data)/accts is the installed accts's (\(user.directory)/share/tabhost/modules/accts/accts.so), and "
            #expect(
                setup.log.lines.contains {
                    $0.contains(line) && $0.hasSuffix("so it gets none; give this module another name, or remove the installed one")
                }, "\(setup.log.lines)")
        case "claimed":
            #expect(setup.texts == ["(null) unread"], "\(setup.texts)")
            let line = "data_dir: \(data)/accts belongs to the bundle installed at \(elsewhere), and "
            #expect(setup.log.lines.contains { $0.contains(line) }, "\(setup.log.lines)")
        default:
            #expect(setup.texts == ["dir SECRET-OF-THE-INSTALLED-MODULE"], "\(setup.texts)")
        }
    }

    /// The first installed bundle of a name to use its directory claims it, wherever it was installed; a
    /// second bundle of the name elsewhere, and a plain file, get none; a plain file claims nothing (the
    /// control: two plain files share the directory as before).
    @Test func theFirstInstalledBundleToUseADirectoryKeepsIt() throws {
        let user = try Fixture()
        defer { user.remove() }
        func bundle(_ parent: String) throws -> String {
            let directory = user.directory + "/" + parent + "/accts"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "{}".write(toFile: directory + "/manifest.json", atomically: false, encoding: .utf8)
            try "x".write(toFile: directory + "/accts.so", atomically: false, encoding: .utf8)
            return directory + "/accts.so"
        }
        let directory = ModuleDataDirectory(root: user.directory + "/share/data")
        let plain = user.directory + "/plain/accts.so"
        #expect(try directory.make(forModule: "accts", file: plain) == directory.path(forModule: "accts"))
        #expect(try directory.make(forModule: "accts", file: user.directory + "/other/accts.so") == directory.path(forModule: "accts"))
        #expect(!FileManager.default.fileExists(atPath: directory.claimPath(forModule: "accts")))
        let first = try bundle("first")
        #expect(try directory.make(forModule: "accts", file: first) == directory.path(forModule: "accts"))
        #expect(try String(contentsOfFile: directory.claimPath(forModule: "accts"), encoding: .utf8) == user.directory + "/first/accts\n")
        #expect(try directory.make(forModule: "accts", file: first) == directory.path(forModule: "accts"))
        for stranger in [try bundle("second"), plain] {
            let error = #expect(throws: ModuleDataDirectoryError.self) { try directory.make(forModule: "accts", file: stranger) }
            #expect(
                error?.description.contains("belongs to the bundle installed at \(user.directory)/first/accts, and \(stranger) is not it")
                    == true)
        }
    }

    /// The installed bundle's own module file gets its directory; another path to the same file (a link) too.
    @Test func theInstalledBundlesOwnFileGetsIt() throws {
        let user = try Fixture()
        defer { user.remove() }
        let bundle = user.directory + "/modules/accts"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try "{}".write(toFile: bundle + "/manifest.json", atomically: false, encoding: .utf8)
        try "x".write(toFile: bundle + "/accts.so", atomically: false, encoding: .utf8)
        #expect(symlink(bundle, user.directory + "/link") == 0)
        let directory = ModuleDataDirectory(root: user.directory + "/data")
        #expect(try directory.make(forModule: "accts", file: bundle + "/accts.so") == user.directory + "/data/accts")
        #expect(try directory.make(forModule: "accts", file: user.directory + "/link/accts.so") == user.directory + "/data/accts")
        #expect(throws: ModuleDataDirectoryError.self) { try directory.make(forModule: "accts", file: user.directory + "/accts.so") }
        // Without a file to check, as before (a module in the host's own process is not confined anyway).
        #expect(try directory.make(forModule: "accts") == user.directory + "/data/accts")
    }
}
