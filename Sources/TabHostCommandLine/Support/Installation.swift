import FoundationEssentials
import TabModuleLoading

/// Where this `tabhost` finds its layouts and SDK: under its prefix when installed (`Scripts/install`
/// puts `PREFIX/bin/tabhost` beside `PREFIX/share/tabhost/`), else in the checkout it was built from.
/// An installed binary never looks into a checkout.
enum Installation {
    /// The install prefix when this binary runs installed, nil when it runs from a build directory.
    static let prefix: String? = {
        guard let bin = ModuleSearchPath.executableDirectory() else { return nil }
        let prefix = URL(fileURLWithPath: bin).deletingLastPathComponent().path
        var isDirectory = false
        let share = prefix + "/share/tabhost"
        return FileManager.default.fileExists(atPath: share, isDirectory: &isDirectory) && isDirectory
            ? prefix : nil
    }()

    /// The checkout this binary was compiled from (this file is Sources/TabHostCommandLine/Support/Installation.swift).
    static let checkout: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The directory of the shipped layouts: `PREFIX/share/tabhost/layouts` or the checkout's `Layouts`.
    static var layoutsDirectory: String {
        prefix.map { $0 + "/share/tabhost/layouts" } ?? checkout + "/Layouts"
    }

    /// The demo layout, the default of `run` and `serve` when modules come from the default directories.
    static var demoLayoutPath: String { layoutsDirectory + "/demo.json" }

    /// The package a Swift scaffold takes TabModuleKit from: the installed SDK package
    /// (`PREFIX/share/tabhost/TabModuleKit`) or the checkout's `TabModuleKit` package, which depends on nothing
    /// (the checkout's own Package.swift would make a module project resolve all of the host's dependencies).
    static var swiftPackage: String {
        (prefix.map { $0 + "/share/tabhost" } ?? checkout) + "/TabModuleKit"
    }
}
