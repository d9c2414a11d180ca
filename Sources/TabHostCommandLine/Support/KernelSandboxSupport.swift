import FoundationEssentials
import _CSandbox

/// What this kernel offers the module sandbox, as `tabhost permissions` reports it (a query only:
/// nothing is applied).
struct KernelSandboxSupport: Equatable {
    /// The kernel's Landlock ABI version, 0 without Landlock.
    var landlockABI: Int
    /// True when the kernel has seccomp (a `Seccomp:` line in /proc/self/status).
    var seccomp: Bool

    /// This kernel's.
    static func current() -> KernelSandboxSupport {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let seccomp = status.split(separator: "\n").contains { $0.hasPrefix("Seccomp:") }
        return KernelSandboxSupport(landlockABI: Int(tabhost_sandbox_landlock_abi()), seccomp: seccomp)
    }

    /// What the user can expect from the layers, one line.
    var line: String {
        var parts: [String] = []
        switch landlockABI {
        case 0: parts.append("no Landlock (files and network are not confined)")
        case 1..<4: parts.append("Landlock ABI \(landlockABI) (files; not TCP, signals or abstract sockets)")
        case 4..<6: parts.append("Landlock ABI \(landlockABI) (files, TCP; not signals or abstract sockets)")
        default: parts.append("Landlock ABI \(landlockABI) (files, TCP, signals, abstract sockets)")
        }
        parts.append(seccomp ? "seccomp" : "no seccomp (exec, sockets and other calls are not filtered)")
        return "this kernel: " + parts.joined(separator: ", ")
    }
}
