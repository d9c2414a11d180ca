import TabModuleLoading

/// Makes instances that run in this process, from the image `LoadedModule` holds open.
public struct InProcessModuleInstanceFactory: ModuleInstanceFactory {
    /// Creates the factory.
    public init() {}

    /// A new in-process instance; its relative image paths resolve next to the module file.
    public func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        guard module.isOpenInProcess else {
            throw ModuleError(
                .processFailed, module: module.name, path: module.info.sourcePath,
                reason: "only a scanner child opened it, so it can run out of process only",
                hint: "run it with --isolation process, or load it without a scanner")
        }
        return try InProcessModuleInstance(of: module, environment: environment, delegate: delegate)
    }
}
