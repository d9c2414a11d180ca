extension NewCommand {
    /// The files of a Swift module project: a SwiftPM package with one dynamic library.
    static func swiftProject(_ name: ModuleName, kitPath: String) -> [(path: String, text: String)] {
        let n = name.text
        let type = name.swiftIdentifier
        // A local path dependency's identity is its directory's name, lowercased.
        let identity = kitPath.split(separator: "/").last.map { $0.lowercased() } ?? "tabhost"
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "\(n)",
                products: [
                    // lib\(n).so: the tab module. It holds Swift code, so the host never unloads it.
                    .library(name: "\(n)", type: .dynamic, targets: ["\(type)"])
                ],
                dependencies: [
                    // TabModuleKit by local path: an installed TabHost SDK, or the TabModuleKit package of the TabHost
                    // checkout that made this project (no dependency of the host's).
                    .package(path: "\(kitPath)")
                ],
                targets: [
                    .target(
                        name: "\(type)", dependencies: [.product(name: "TabModuleKit", package: "\(identity)")],
                        // A release build (what `tabhost pack` ships) carries the Swift runtime inside the .so, so it
                        // runs where no Swift toolchain is, or another version; SwiftPM's --static-swift-stdlib
                        // applies to executables only.
                        linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))])
                ]
            )

            """
        let source = """
            import TabModuleKit

            /// \(n): a TabHost tab module in Swift.
            final class \(type): TabModule {
                /// No image: a SwiftPM build puts the .so under .build, where a relative path would not
                /// resolve; add one (relative to the installed .so) when you ship it next to the file.
                static let descriptor = ModuleDescriptor(name: "\(n)", version: "0.1.0", title: "\(name.title)", glyph: "◆")

                let host: ModuleHost
                var taps: Int32 = 0
                /// The Name field's text, as the host last sent it.
                var name = ""

                required init(host: ModuleHost) {
                    self.host = host
                }

                func start(param: String?) {
                    host.setTitle(param.flatMap { $0.isEmpty ? nil : $0 } ?? "\(name.title)")
                }

                func render(into view: inout View) {
                    view.section("\(n)")
                    view.row("Taps", detail: "\\(taps)")
                    view.button("Tap", action: "tap")
                    // The host edits the field; each change comes back as `.text(field:value:)` with the whole text.
                    view.section("Greeting")
                    view.textField(id: "name", value: name.isEmpty ? nil : name, placeholder: "Your name")
                    view.text("Hello, \\(name.isEmpty ? "stranger" : name)!")
                    view.text("Edit the source, rebuild, and the host reloads it.")
                }

                func handle(_ event: Event) {
                    switch event {
                    case .action("tap"):
                        taps += 1
                        showBadge()
                    case .text(field: "name", let value): name = value
                    default: return
                    }
                    host.invalidate()  // a module is drawn again only after invalidate
                }

                /// Kept across hot reloads: the count, 4 bytes little-endian, then the name.
                func saveState() -> [UInt8]? {
                    (0..<4).map { UInt8(truncatingIfNeeded: UInt32(bitPattern: taps) >> ($0 * 8)) } + Array(name.utf8)
                }

                func restoreState(_ bytes: [UInt8]) -> Bool {
                    guard bytes.count >= 4 else { return false }
                    taps = Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[$1]) << ($1 * 8) })
                    name = String(decoding: bytes[4...], as: UTF8.self)
                    showBadge()
                    host.invalidate()
                    return true
                }

                private func showBadge() {
                    host.setBadge(taps == 0 ? nil : "\\(taps)")
                }
            }

            @_cdecl("tab_module_entry") public func tabModuleEntry() -> UnsafeRawPointer? { TabModuleExport.entry(for: \(type).self) }

            """
        let readme = """
            # \(n)

            A TabHost tab module in Swift (TabModuleKit).

            See it at once: `tabhost dev` (in this directory) builds it with `swift build`, shows it as a tab, and \
            on every save rebuilds it and reloads it in place with its state (a compile error shows in the status \
            line while the old version keeps running; Ctrl-B shows the build log; q quits). The first build \
            compiles TabModuleKit and takes a while; later ones take seconds.

            `tabhost pack` builds it in release and writes a signed bundle (fill in `tabmod.json` first). A release \
            build (`swift build -c release`, `.build/release/lib\(n).so`) links the Swift runtime into the module \
            (`-static-stdlib`), so it runs where no Swift toolchain is installed; a debug build uses this machine's. \
            TabModuleKit comes from `\(kitPath)` (an installed TabHost SDK, or the TabModuleKit package of a \
            TabHost checkout) by local path, and nothing else is resolved; change the path in Package.swift to build \
            elsewhere. \
            An image with Swift code is never unloaded: \
            a hot reload loads the new copy and keeps the old one mapped.

            `tabhost test` runs `tests/*.tabtest`, scripts that press keys and check the screen, against the module \
            in its sandboxed child.

            """
        return [
            ("Package.swift", manifest), ("Sources/\(type)/\(type).swift", source), ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\nPackage.resolved\n"),
        ]
    }
}
