import TabKit
import TabLayout

extension FuzzTarget {
    /// The layout parser and checker on any bytes; a layout that parses is built into a host, started,
    /// and its screen made, as `tabhost run` does.
    static let layout = FuzzTarget("layout", "layout parser, checker and builder (Layout.parse, Layout.problems, ContainerHost(layout:))") {
        bytes in
        let known: Set<String> = ["accounts", "clock", "missing"]
        _ = Layout.problems(bytes: bytes, file: "fuzz.json", knownModules: known)
        _ = Layout.problems(bytes: bytes, file: "fuzz.json", knownModules: nil)
        guard let layout = try? Layout.parse(bytes: bytes, file: "fuzz.json", knownModules: known) else { return }
        let host = ContainerHost(layout: layout, factory: FuzzControllerFactory())
        host.start()
        _ = host.screen
        _ = layout.inProcessModules
    }
}
