import TabKit

extension Layout {
    /// The modules a node or tab marks `"isolation": "none"`: trusted to run in the host's process.
    public var inProcessModules: Set<String> {
        var names: Set<String> = []
        forEachModuleReference { module, runsInProcess in
            if runsInProcess { names.insert(module) }
        }
        return names
    }
}
