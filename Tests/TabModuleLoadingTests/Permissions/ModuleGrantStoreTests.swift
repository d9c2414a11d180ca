import Foundation
import TabHostTesting
import TabModuleLoading
import Testing

/// The permissions store: a private JSON file replaced atomically, keyed by module name and file; a
/// damaged file is one line, no grants, and never overwritten.
struct ModuleGrantStoreTests {
    /// Calls `body` with the path of a store in a new directory (`tabhost/permissions.json` under it, not created).
    private func withStorePath<T>(_ body: (_ path: String, _ directory: String) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "tabhost-grants") { directory in
            try body(directory + "/tabhost/permissions.json", directory + "/tabhost")
        }
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    private func inode(_ path: String) -> ino_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_ino : 0
    }

    @Test func grantsSurviveASaveAndARead() throws {
        try withStorePath { path, _ in
            var store = ModuleGrantStore(path: path)
            #expect(store.problem == nil)
            #expect(store.grants.isEmpty)
            store.grant(["network", "read:~/Documents", "network"], name: "alpha", file: "/m/a.so")
            store.grant(["exec"], name: "beta", file: "/m/b.so")
            store.grant(["exec", "network"], name: "alpha", file: "/m/a.so")
            try store.save()
            let read = ModuleGrantStore(path: path)
            #expect(read.problem == nil)
            #expect(read.grants == store.grants)
            #expect(read.permissions(name: "alpha", file: "/m/a.so") == ["network", "read:~/Documents", "exec"])
            #expect(read.permissions(name: "beta", file: "/m/b.so") == ["exec"])
            // `~/` is kept as typed and the publisher key is there for bundles, empty for now.
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(#""read:~/Documents""#))
            #expect(text.contains(#""publisherKey" : null"#))
        }
    }

    @Test func anotherFileWithTheSameNameInheritsNothing() throws {
        try withStorePath { path, _ in
            var store = ModuleGrantStore(path: path)
            store.grant(["network"], name: "alpha", file: "/m/a.so")
            try store.save()
            let read = ModuleGrantStore(path: path)
            #expect(read.permissions(name: "alpha", file: "/elsewhere/a.so").isEmpty)
            #expect(read.permissions(name: "gamma", file: "/m/a.so").isEmpty)
            #expect(read.permissions(name: "alpha", file: "/m/a.so") == ["network"])
        }
    }

    @Test func revokingSomeLeavesTheRestAndRevokingAllRemovesTheGrant() throws {
        try withStorePath { path, _ in
            var store = ModuleGrantStore(path: path)
            store.grant(["network", "exec", "system"], name: "alpha", file: "/m/a.so")
            #expect(store.revoke(["exec", "write:/x"], name: "alpha", file: "/m/a.so") == ["exec"])
            #expect(store.permissions(name: "alpha", file: "/m/a.so") == ["network", "system"])
            #expect(store.revoke(nil, name: "alpha", file: "/m/a.so") == ["network", "system"])
            #expect(store.grants.isEmpty)
        }
    }

    /// The umask is the process's, shared by tests running in parallel: it is left alone, and a store
    /// others could read is made private again by the next save.
    @Test func theFileIsPrivateAndItsNewDirectoryToo() throws {
        try withStorePath { path, directory in
            var store = ModuleGrantStore(path: path)
            store.grant(["network"], name: "alpha", file: "/m/a.so")
            try store.save()
            #expect(mode(path) == 0o600)
            #expect(mode(directory) == 0o700)
            chmod(path, 0o644)
            store = ModuleGrantStore(path: path)
            #expect(store.problem == nil)
            store.grant(["exec"], name: "alpha", file: "/m/a.so")
            try store.save()
            #expect(mode(path) == 0o600)
        }
    }

    @Test func aSaveReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        try withStorePath { path, directory in
            var store = ModuleGrantStore(path: path)
            store.grant(["network"], name: "alpha", file: "/m/a.so")
            try store.save()
            let first = inode(path)
            store.grant(["exec"], name: "alpha", file: "/m/a.so")
            try store.save()
            // A new file renamed over the old one, not the old one written in place.
            #expect(inode(path) != first)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["permissions.json"])
            #expect(ModuleGrantStore(path: path).permissions(name: "alpha", file: "/m/a.so") == ["network", "exec"])
        }
    }

    @Test(arguments: [
        ("{bad", "not a valid permissions file (malformed JSON or a missing field)"),
        (#"{"version": 2, "grants": []}"#, "format version 2, this host reads 1"),
        (
            #"{"version": 1, "grants": [{"name": "a", "file": "/a.so", "publisherKey": null, "permissions": ["fly"]}]}"#,
            #"the grant for a: unknown permission "fly""#
        ),
        (
            #"{"version": 1, "grants": [{"name": "a", "file": "a.so", "publisherKey": null, "permissions": []}]}"#,
            "the grant for a has neither an absolute file nor a publisher key"
        ),
    ])
    func aDamagedFileIsOneLineNoGrantsAndIsNeverOverwritten(content: String, reason: String) throws {
        try withStorePath { path, directory in
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try content.write(toFile: path, atomically: false, encoding: .utf8)
            var store = ModuleGrantStore(path: path)
            let problem = try #require(store.problem)
            #expect(problem.description.hasPrefix("\(path): \(reason)"), "\(problem)")
            #expect(problem.description.hasSuffix("; fix it or move it away (tabhost then starts a new one)"))
            #expect(!problem.description.contains("\n"))
            #expect(store.grants.isEmpty)
            store.grant(["network"], name: "alpha", file: "/m/a.so")
            #expect(throws: ModuleGrantStoreError.self) { try store.save() }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        }
    }

    @Test func aFileOthersMayWriteGrantsNothing() throws {
        try withStorePath { path, _ in
            var store = ModuleGrantStore(path: path)
            store.grant(["network"], name: "alpha", file: "/m/a.so")
            try store.save()
            chmod(path, 0o622)
            let read = ModuleGrantStore(path: path)
            #expect(read.grants.isEmpty)
            #expect(read.problem?.reason.contains("writable by others (mode 622)") == true)
        }
    }

    @Test(arguments: [
        ("read:~/Documents", "read:/home/me/Documents"), ("write:~/", "write:/home/me/"), ("read:/etc/~/x", "read:/etc/~/x"),
        ("network", "network"),
    ])
    func aHomePathIsExpandedOnlyWhenUsed(name: String, expanded: String) {
        #expect(ModulePermissions.expandingHome(name, home: "/home/me") == expanded)
        #expect(ModulePermissions.expandingHome(name, home: "/home/me/") == expanded)
    }
}
