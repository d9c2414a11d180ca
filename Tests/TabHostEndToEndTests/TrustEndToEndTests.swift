import Foundation
import TabHostTesting
import Testing

/// `tabhost trust add|list|remove` through the built binary with a private XDG_CONFIG_HOME, with keys made
/// by `minisign -G`: what each prints, its exit status, and the store it leaves.
@Suite(.blocking)
struct TrustEndToEndTests {
    typealias S = ListInspectSupport

    @Test func addListAndRemoveKeysAndPins() throws {
        try S.withDirectory { dir in
            let environment = ["XDG_CONFIG_HOME": dir + "/config"]
            func tabhost(_ arguments: [String]) throws -> S.Output { try S.run(["trust"] + arguments, environment: environment) }
            for name in ["ada", "bob"] {
                let made = try run("minisign", arguments: ["-G", "-W", "-p", "\(dir)/\(name).pub", "-s", "\(dir)/\(name).key"])
                #expect(made.succeeded, "\(made)")
            }
            let ada = try Self.key(dir + "/ada.pub")
            let bob = try Self.key(dir + "/bob.pub")
            let store = dir + "/config/tabhost/trust.json"

            #expect(try tabhost(["list"]) == S.Output(stdout: "no pinned modules and no trusted keys (\(store))\n", stderr: "", status: 0))
            #expect(try tabhost(["add", dir + "/ada.pub", "--comment", "Ada"]).stdout == "key \(ada.id): trusted for any module (Ada)\n")
            #expect(try tabhost(["add", ada.base64, "--module", "clock"]).stdout == "clock: pinned to key \(ada.id)\n")
            // Accepting a publisher's new key deliberately: the pin is replaced, and says what it was.
            #expect(
                try tabhost(["add", dir + "/bob.pub", "--module", "clock"]).stdout == "clock: pinned to key \(bob.id) (was \(ada.id))\n")
            let listed = try tabhost(["list"])
            #expect(
                listed.stdout == "pinned   clock  key \(bob.id)  \(bob.base64)\ntrusted  key \(ada.id)  \(ada.base64)  (Ada)\n", "\(listed)"
            )
            let attributes = try FileManager.default.attributesOfItem(atPath: store)
            #expect(attributes[.posixPermissions] as? Int == 0o600)

            #expect(try tabhost(["remove", ada.id]).stdout == "key \(ada.id): no longer trusted (pins to it stay)\n")
            #expect(
                try tabhost(["remove", "--module", "clock"]).stdout == "clock: pin removed; its next install asks as a first install does\n"
            )
            #expect(try tabhost(["list"]).stdout == "no pinned modules and no trusted keys (\(store))\n")
        }
    }

    @Test func whatCannotBeDoneIsOneLineAndAStatus() throws {
        try S.withDirectory { dir in
            let environment = ["XDG_CONFIG_HOME": dir + "/config"]
            func tabhost(_ arguments: [String]) throws -> S.Output { try S.run(["trust"] + arguments, environment: environment) }
            #expect(
                try tabhost(["remove", "--module", "clock"])
                    == S.Output(stdout: "", stderr: "clock: not pinned to any key; run tabhost trust list to see the pins\n", status: 1))
            #expect(
                try tabhost(["add", dir + "/missing.pub"])
                    == S.Output(
                        stdout: "",
                        stderr: "\(dir)/missing.pub: cannot open: No such file or directory; check the path and its permissions\n",
                        status: 1))
            try "untrusted comment: x\nnot a key\n".write(toFile: dir + "/bad.pub", atomically: false, encoding: .utf8)
            let bad = try tabhost(["add", dir + "/bad.pub"])
            #expect(bad.status == 1 && bad.stderr.hasPrefix("\(dir)/bad.pub: not a minisign public key"), "\(bad)")
            #expect(try tabhost(["remove"]).status == 2)
            #expect(try tabhost(["add", dir + "/bad.pub", "--module", "Clock"]).status == 2)
            // A store others can write is refused, not used.
            try FileManager.default.createDirectory(atPath: dir + "/config/tabhost", withIntermediateDirectories: true)
            try "{\"version\": 1, \"pins\": [], \"trusted\": []}\n".write(
                toFile: dir + "/config/tabhost/trust.json", atomically: false, encoding: .utf8)
            #expect(chmod(dir + "/config/tabhost/trust.json", 0o666) == 0)
            let shared = try tabhost(["list"])
            #expect(
                shared.status == 1 && shared.stderr.contains("the trust store is not a file of yours that only you can write"), "\(shared)")
        }
    }

    /// The key id (from the .pub comment minisign wrote) and base64 of a minisign public key file.
    private static func key(_ path: String) throws -> (id: String, base64: String) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        return (String(lines[0].split(separator: " ").last ?? ""), lines[1])
    }
}
