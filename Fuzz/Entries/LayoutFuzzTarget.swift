import TabKit
import TabLayout

extension FuzzTarget {
    /// The layout parser and checker on any bytes; a layout that parses is built into a host, started,
    /// and its screen made, as `tabhost run` does.
    ///
    /// Checked besides: the checker that reads on past every problem (`check-layout`, a run stopped by
    /// its layout) agrees with the parser that stops at the first (`tabhost run`): it finds problems
    /// exactly when the parse fails, and the parse's error is one of them.
    static let layout = FuzzTarget("layout", "layout parser, checker and builder (Layout.parse, Layout.problems, ContainerHost(layout:))") {
        bytes in
        let known: Set<String> = ["accounts", "clock", "missing"]
        let problems = Layout.problems(bytes: bytes, file: "fuzz.json", knownModules: known).map(\.description)
        _ = Layout.problems(bytes: bytes, file: "fuzz.json", knownModules: nil)
        let layout: Layout
        do throws(TabKitError) {
            layout = try Layout.parse(bytes: bytes, file: "fuzz.json", knownModules: known)
        } catch {
            precondition(problems.contains(error.description), "parse threw \(error), not among the problems \(problems)")
            return
        }
        precondition(problems.isEmpty, "the layout parses, yet the checker found \(problems)")
        let host = ContainerHost(layout: layout, factory: FuzzControllerFactory())
        host.start()
        _ = host.screen
        _ = layout.inProcessModules
    }
}
