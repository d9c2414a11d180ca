import Foundation
import TabHostTesting
import Testing

/// `tabhost run` with the sandbox on (the default): the hostile fixture's every try outside the
/// default profile is denied with an errno while it keeps running and its own files, data_dir and
/// TMPDIR work; with `--sandbox off` the same tries are allowed, so the test can fail.
@Suite(.tags(.tmux, .slow), .selectedByTags, .timeLimit(.minutes(2)))
struct RunSandboxTests {
    typealias R = RunSupport
    typealias T = TmuxSession

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

    /// Runs the hostile fixture (and a harmless second tab) with `sandbox` and returns the screen
    /// once its tries are shown, the log, and whether the file it tried to write exists.
    private static func runHostile(sandbox: [String]) throws -> (screen: String, log: String, wroteOutside: Bool, status: String?) {
        try R.withScratch { scratch in
            let modules = scratch + "/modules"
            let outside = scratch + "/outside"
            let data = scratch + "/data"
            for directory in [modules, outside, data] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            }
            try "secret".write(toFile: outside + "/secret.txt", atomically: false, encoding: .utf8)
            try "own".write(toFile: modules + "/own.txt", atomically: false, encoding: .utf8)
            let tcp = try listener(Int32(SOCK_STREAM.rawValue))
            let udp = try listener(Int32(SOCK_DGRAM.rawValue))
            let abstractName = "tabhost-sandbox-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let abstract = try abstractListener(abstractName)
            defer {
                for fd in [tcp.fd, udp.fd, abstract] { close(fd) }
            }
            let targets = HostileModule.Targets(
                secret: outside + "/secret.txt", written: outside + "/written.txt", tcpPort: tcp.port, udpPort: udp.port,
                abstractName: abstractName)
            try R.compile(HostileModule.source(targets), to: modules + "/hostile.so")
            try R.compile(
                R.moduleSource(name: "quiet", title: "Quiet", body: #"api->text(view, "quiet and well");"#), to: modules + "/quiet.so")
            let command =
                "XDG_DATA_HOME=" + R.quote(data) + " "
                + R.runCommand(["--modules", modules, "--no-watch"] + sandbox, scratch: scratch)
            let tmux = try T(command)
            let screen = try tmux.waitFor("tries done")
            try tmux.send("2")  // the other tab: its module starts, in its own sandbox, and shows
            try tmux.waitFor("quiet and well")
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
            return (screen, log, FileManager.default.fileExists(atPath: outside + "/written.txt"), R.line(containing: "STATUS:", in: done))
        }
    }

    private static func result(of label: String, in screen: String) -> String? {
        R.line(containing: label + ": ", in: screen).map { String($0[$0.range(of: label + ": ")!.upperBound...]) }
    }

    @Test func withTheSandboxEveryTryOutsideIsDeniedAndItsOwnFilesWork() throws {
        let run = try Self.runHostile(sandbox: ["--sandbox", "off"])
        for label in HostileModule.denied {
            let result = Self.result(of: label, in: run.screen)
            #expect(result == "EACCES" || result == "EPERM", "\(label): \(result ?? "not shown")\n\(run.screen)")
        }
        for label in HostileModule.allowed {
            #expect(Self.result(of: label, in: run.screen) == "allowed", "\(label)\n\(run.screen)")
        }
        #expect(run.screen.contains("Quiet"))
        #expect(!run.wroteOutside)
        #expect(run.status == "STATUS:0")
        #expect(run.log.contains("[hostile] info: sandbox: landlock ABI"), "\(run.log)")
        #expect(run.log.contains("[quiet] info: sandbox: landlock ABI"), "\(run.log)")
    }

    @Test func withoutTheSandboxTheSameTriesAreAllowed() throws {
        let run = try Self.runHostile(sandbox: ["--sandbox", "off"])
        for label in HostileModule.denied + HostileModule.allowed {
            #expect(Self.result(of: label, in: run.screen) == "allowed", "\(label)\n\(run.screen)")
        }
        #expect(run.wroteOutside)
        #expect(!run.log.contains("sandbox:"))
    }

    @Test func theDemoRunsUnderTheSandbox() throws {
        try R.withScratch { scratch in
            let tmux = try T(R.runCommand([], scratch: scratch))
            let screen = try tmux.waitFor("Jack")
            #expect(screen.contains("Accounts"))
            try tmux.send("q")
            let done = try tmux.waitFor("STATUS:")
            #expect(R.line(containing: "STATUS:", in: done) == "STATUS:0")
            let log = (try? String(contentsOfFile: scratch + "/tabhost.log", encoding: .utf8)) ?? ""
            #expect(log.contains("info: sandbox: landlock ABI"), "\(log)")
            #expect(!log.contains("error:"), "\(log)")
        }
    }
}
