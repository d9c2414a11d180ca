import Foundation
import TabHostTesting
import Testing

/// The hostile fixture's world for one test: a scratch directory with its modules (the hostile module and
/// a harmless `quiet` one), a secret outside them, loopback listeners for its network tries, and its own
/// home, data and configuration directories (so the grants store is the test's). `run` may be called
/// more than once: what a run grants stays for the next, as it does for a user.
final class HostileScene {
    typealias R = RunSupport
    typealias T = TmuxSession

    /// What one run showed: the hostile tab once its tries were done, the log, whether it wrote outside.
    struct Result {
        var screen: String
        var log: String
        var wroteOutside: Bool
        var status: String?
    }

    let scratch: String
    var modules: String { scratch + "/modules" }
    var outside: String { scratch + "/outside" }
    var home: String { scratch + "/home" }
    var config: String { scratch + "/config" }
    var secret: String { outside + "/secret.txt" }
    var written: String { outside + "/written.txt" }
    /// The grants store of this scene's runs.
    var store: String { config + "/tabhost/permissions.json" }
    private var descriptors: [Int32] = []
    /// The hostile module's C source, kept to build it again (`updateBundle`).
    private var hostileSource = ""
    private var builds = 0

    /// The environment of every `tabhost` this scene runs.
    var environment: [String: String] {
        ["HOME": home, "XDG_DATA_HOME": scratch + "/data", "XDG_CONFIG_HOME": config, "XDG_CACHE_HOME": scratch + "/cache"]
    }

    private init(scratch: String, permissions: String?, asBundle: Bool) throws {
        self.scratch = scratch
        for directory in [modules, outside, home, config, scratch + "/data"] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        }
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        try "own".write(toFile: modules + "/own.txt", atomically: false, encoding: .utf8)
        let tcp = try Self.listener(Int32(SOCK_STREAM.rawValue))
        let udp = try Self.listener(Int32(SOCK_DGRAM.rawValue))
        let abstractName = "tabhost-sandbox-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let abstract = try Self.abstractListener(abstractName)
        descriptors = [tcp.fd, udp.fd, abstract]
        let targets = HostileModule.Targets(
            secret: secret, written: written, tcpPort: tcp.port, udpPort: udp.port, abstractName: abstractName)
        let declared = permissions?.replacingOccurrences(of: "$OUTSIDE", with: outside)
        hostileSource = HostileModule.source(targets, permissions: declared)
        if asBundle {
            try InstalledBundleSteps.placeFirst(stageHostile(), name: "hostile", in: modules)
        } else {
            try R.compile(hostileSource, to: modules + "/hostile.so")
        }
        try R.compile(
            R.moduleSource(name: "quiet", title: "Quiet", body: #"api->text(view, "quiet and well");"#), to: modules + "/quiet.so")
    }

    deinit {
        for fd in descriptors { close(fd) }
    }

    /// Calls `body` with a scene whose hostile module declares `permissions` (`$OUTSIDE` names the
    /// directory of the secret); removes everything after. `asBundle`: the hostile module is installed
    /// as a bundle, `modules/hostile/hostile.so` (as `tabhost install` places it).
    static func with<T>(permissions: String? = nil, asBundle: Bool = false, _ body: (HostileScene) throws -> T) throws -> T {
        try R.withScratch { scratch in
            let scene = try HostileScene(scratch: scratch, permissions: permissions, asBundle: asBundle)
            return try body(scene)
        }
    }

    /// A new build of the hostile module exchanged in as an update of its bundle (as `tabhost update` does).
    func updateBundle() throws {
        try InstalledBundleSteps.placeUpdate(stageHostile(), name: "hostile", in: modules)
    }

    /// Builds the hostile module and stages it as its bundle in the module directory.
    private func stageHostile() throws -> String {
        builds += 1
        let built = scratch + "/hostile-\(builds).so"
        try R.compile(hostileSource, to: built)
        return try InstalledBundleSteps.stage(name: "hostile", in: modules, files: ["hostile.so": built])
    }

    /// Runs `tabhost run` on the scene's modules with `arguments` in tmux; `answer` (when given) sees
    /// the screen first and answers what the hostile tab shows before its tries (its permission prompt).
    /// Returns once the tries are shown, the second tab was visited and the host quit.
    func run(_ arguments: [String] = [], answer: ((T) throws -> Void)? = nil) throws -> Result {
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=" + R.quote($0.value) }.joined(separator: " ")
        let command = variables + " " + R.runCommand(["--modules", modules, "--no-watch"] + arguments, scratch: scratch)
        try? FileManager.default.removeItem(atPath: scratch + "/tabhost.log")
        let tmux = try T(command)
        try answer?(tmux)
        let screen = try tmux.waitFor("tries done")
        try tmux.send("2")  // the other tab: its module starts, in its own sandbox, and shows
        try tmux.waitFor("quiet and well")
        try tmux.send("q")
        let done = try tmux.waitFor("STATUS:")
        let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
        return Result(
            screen: screen, log: log, wroteOutside: FileManager.default.fileExists(atPath: written),
            status: R.line(containing: "STATUS:", in: done))
    }

    /// Runs `tabhost ARGUMENTS --modules <the scene's>` (grant, revoke, permissions) in the scene's environment.
    func tabhost(_ arguments: [String]) throws -> ProcessResult {
        try TabHostTesting.run(Products.tabhost, arguments: arguments + ["--modules", modules], environment: environment)
    }

    /// What the tab showed for the try `label` ("allowed", "EACCES", …).
    static func result(of label: String, in screen: String) -> String? {
        R.line(containing: label + ": ", in: screen).map { String($0[$0.range(of: label + ": ")!.upperBound...]) }
    }

    /// A loopback listener of `type` (TCP or UDP) on a port the kernel picks.
    private static func listener(_ type: Int32) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, type, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound, type != Int32(SOCK_STREAM.rawValue) || listen(fd, 8) == 0 else { throw POSIXError(.EIO) }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A listening abstract Unix socket named `name`.
    private static func abstractListener(_ name: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (i, byte) in bytes.enumerated() { path[i + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 } }
        guard fd >= 0, bound, listen(fd, 8) == 0 else { throw POSIXError(.EIO) }
        return fd
    }
}
