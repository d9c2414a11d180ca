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

    @Test(arguments: [true, false])
    func anotherFileOfAnInstalledBundlesNameGetsNoDataDirectory(installed: Bool) throws {
        let user = try Fixture()
        defer { user.remove() }
        let data = user.directory + "/share/tabhost/data"
        try FileManager.default.createDirectory(
            atPath: data + "/accts", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "SECRET-OF-THE-INSTALLED-MODULE".write(toFile: data + "/accts/token", atomically: false, encoding: .utf8)
        if installed {
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
        if installed {
            #expect(setup.texts == ["(null) unread"], "\(setup.texts)")
            let line = "data_dir: \(data)/accts is the installed accts's (\(user.directory)/share/tabhost/modules/accts/accts.so), and "
            #expect(
                setup.log.lines.contains {
                    $0.contains(line) && $0.hasSuffix("so it gets none; give this module another name, or remove the installed one")
                }, "\(setup.log.lines)")
        } else {
            #expect(setup.texts == ["dir SECRET-OF-THE-INSTALLED-MODULE"], "\(setup.texts)")
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
