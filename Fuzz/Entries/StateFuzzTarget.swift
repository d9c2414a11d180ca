import TabKit
import TabLayout

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FuzzTarget {
    /// A `--state` file's bytes restored into the host of a layout with a stack, a tab container, a
    /// template and a module that cannot be made, as `tabhost run --state` restores it; then saved again.
    static let state = FuzzTarget("state", "state file reader (RestorationState.decode, ContainerHost.restore)") { bytes in
        let data = Data(bytes)
        _ = try? RestorationState.decode(data)
        guard let layout = try? Layout.parse(stateLayout, knownModules: ["accounts", "clock", "missing"]) else { return }
        let host = ContainerHost(layout: layout, factory: FuzzControllerFactory())
        host.start()
        _ = try? host.restore(from: data)
        _ = host.screen
        _ = host.saveRestoration()
    }

    private static let stateLayout = """
        {"root": {"stack": {"tabs": [{"name": "a", "module": "accounts"}, {"name": "c", "module": "clock"},
         {"name": "m", "module": "missing"}, {"name": "t", "module": "@t"}], "capacity": 2}},
         "templates": {"@t": {"tabs": [{"name": "x", "module": "clock"}, {"name": "y", "module": "accounts"}]}}}
        """
}
