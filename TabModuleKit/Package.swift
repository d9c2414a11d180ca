// swift-tools-version: 6.2
// TabModuleKit alone: what a Swift tab module builds against (`tabhost new --swift` points here, in a checkout
// or as Scripts/install copies it to PREFIX/share/tabhost/TabModuleKit), so a module project resolves none of
// the host's dependencies. Its sources are the main package's Sources/TabModuleKit and Sources/CTabModule: by
// symbolic links in a checkout, copies when installed.
import PackageDescription

let package = Package(
    name: "TabModuleKit",
    products: [.library(name: "TabModuleKit", targets: ["TabModuleKit"])],
    targets: [
        .target(name: "CTabModule"),
        .target(name: "TabModuleKit", dependencies: ["CTabModule"]),
    ]
)
