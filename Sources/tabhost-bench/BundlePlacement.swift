import FoundationEssentials
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The final steps `tabhost install`, `update` and `remove` take in a module directory (the
/// installed-bundle layout), done by the benchmark itself so `tabhost-bench bundle` times what a running
/// host does with them; `install(_:)` and `update(_:)` are where a real `tabhost install` can take over.
struct BundlePlacement {
    /// The module directory the host watches.
    var modules: String
    /// The module's name, which names its bundle directory.
    var name: String

    /// `modules/NAME`.
    var bundle: String { "\(modules)/\(name)" }

    /// A fresh `.staging-XXXXXX` holding `NAME.so` (`module`) and a `manifest.json`, modes as install sets them.
    func stage(_ module: Data) throws -> String {
        var template = Array("\(modules)/.staging-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw failure("mkdtemp in \(modules)") }
        let staging = String(cString: made)
        let manifest = #"{"name":"\#(name)","version":"1.0.0","abi":"1.2","files":[]}"#
        guard FileManager.default.createFile(atPath: "\(staging)/\(name).so", contents: module),
            FileManager.default.createFile(atPath: "\(staging)/manifest.json", contents: Data(manifest.utf8))
        else { throw failure("write in \(staging)") }
        _ = chmod("\(staging)/\(name).so", 0o755)
        _ = chmod("\(staging)/manifest.json", 0o644)
        _ = chmod(staging, 0o755)
        return staging
    }

    /// A first install: `rename(staging, NAME)`.
    func install(_ staging: String) throws {
        guard rename(staging, bundle) == 0 else { throw failure("rename \(staging) to \(bundle)") }
    }

    /// An update: `renameat2(staging, NAME, RENAME_EXCHANGE)`; the old version is then at `staging`.
    func update(_ staging: String) throws {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        // Glibc's Swift module does not declare renameat2 (it is behind _GNU_SOURCE): looked up by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { throw failure("renameat2 lookup") }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        guard renameat2(AT_FDCWD, staging, AT_FDCWD, bundle, 1 << 1) == 0 else { throw failure("renameat2 \(staging) ⇄ \(bundle)") }
    }

    /// After an update: the old version (at `staging`) replaces `.NAME.previous`.
    func keepPrevious(_ staging: String) throws {
        let previous = "\(modules)/.\(name).previous"
        try? FileManager.default.removeItem(atPath: previous)
        guard rename(staging, previous) == 0 else { throw failure("rename \(staging) to \(previous)") }
    }

    /// A removal: `rename(NAME, .removed-XXXXXX)`, then both it and `.NAME.previous` deleted.
    func remove() throws {
        let removed = "\(modules)/.removed-\(getpid())"
        guard rename(bundle, removed) == 0 else { throw failure("rename \(bundle) to \(removed)") }
        try FileManager.default.removeItem(atPath: removed)
        try? FileManager.default.removeItem(atPath: "\(modules)/.\(name).previous")
    }

    private func failure(_ what: String) -> BenchPlacementError {
        BenchPlacementError(description: "\(what): \(Errno(rawValue: errno).description)")
    }
}
