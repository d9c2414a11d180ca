import Glibc

/// This machine's architecture as manifests name it, and the other one.
enum BundleInstallerArchitecture {
    static var this: String {
        var names = utsname()
        uname(&names)
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return machine == "aarch64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu"
    }
    static var other: String { this == "aarch64-linux-gnu" ? "x86_64-linux-gnu" : "aarch64-linux-gnu" }
}
