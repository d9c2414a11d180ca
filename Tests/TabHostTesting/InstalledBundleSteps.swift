import Foundation
import SystemPackage

/// The steps `tabhost install`, `update` and `remove` take on a module directory (the installed-bundle
/// layout: a bundle directory `NAME/` holding `NAME.so` and `manifest.json`), done by hand, so the watcher,
/// the reloader and a running host can be tested against exactly what the installer will do.
public enum InstalledBundleSteps {
    /// Makes `.staging-XXXXXX` in `modules` (`mkdtemp`) and copies `files` into it (name inside the bundle →
    /// source path), with `manifest.json` for `name` written when `files` has none; modes as the
    /// installer sets them (directory 0755, files 0644, the `.so` 0755). Returns the staging path.
    public static func stage(name: String, version: String = "1.0.0", in modules: String, files: [String: String]) throws -> String {
        var template = Array("\(modules)/.staging-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("mkdtemp: \(Errno(rawValue: errno).description)") }
        let staging = String(cString: made)
        for (inside, source) in files {
            let target = "\(staging)/\(inside)"
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: target)
            _ = chmod(target, inside.hasSuffix(".so") ? 0o755 : 0o644)
        }
        if files["manifest.json"] == nil {
            let manifest = #"{"name":"\#(name)","version":"\#(version)","abi":"1.2","files":[]}"#
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: "\(staging)/manifest.json"))
            _ = chmod("\(staging)/manifest.json", 0o644)
        }
        _ = chmod(staging, 0o755)
        return staging
    }

    /// A first install's final step: `rename(staging, modules/NAME)`.
    public static func placeFirst(_ staging: String, name: String, in modules: String) throws {
        try move(staging, "\(modules)/\(name)")
    }

    /// An update's final steps: `renameat2(staging, modules/NAME, RENAME_EXCHANGE)`, then the old version
    /// (now at the staging path) replaces `.NAME.previous` (the older previous removed first).
    public static func placeUpdate(_ staging: String, name: String, in modules: String) throws {
        try exchange(staging, "\(modules)/\(name)")
        let previous = "\(modules)/.\(name).previous"
        if FileManager.default.fileExists(atPath: previous) { try FileManager.default.removeItem(atPath: previous) }
        try move(staging, previous)
    }

    /// `tabhost remove`'s steps: `rename(modules/NAME, modules/.removed-XXXXXX)`, then delete it and `.NAME.previous`.
    public static func remove(name: String, in modules: String) throws {
        let removed = "\(modules)/.removed-\(UUID().uuidString.prefix(6))"
        try move("\(modules)/\(name)", removed)
        try FileManager.default.removeItem(atPath: removed)
        let previous = "\(modules)/.\(name).previous"
        if FileManager.default.fileExists(atPath: previous) { try FileManager.default.removeItem(atPath: previous) }
    }

    /// `rename(2)`.
    public static func move(_ from: String, _ to: String) throws {
        guard rename(from, to) == 0 else { throw FixtureError("rename \(from) → \(to): \(Errno(rawValue: errno).description)") }
    }

    /// `renameat2(2)` with `RENAME_EXCHANGE`: both names stay, their directories swap atomically.
    public static func exchange(_ from: String, _ to: String) throws {
        // Glibc's Swift module does not declare renameat2 (it is behind _GNU_SOURCE): looked up by name.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
            throw FixtureError("renameat2 not found in the C library")
        }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        guard renameat2(AT_FDCWD, from, AT_FDCWD, to, renameExchange) == 0 else {
            throw FixtureError("renameat2 \(from) ⇄ \(to): \(Errno(rawValue: errno).description)")
        }
    }
}
