/// Makes instances that run in this process, from the image `LoadedModule` holds open.
public struct InProcessModuleInstanceFactory: ModuleInstanceFactory {
    /// Creates the factory.
    public init() {}

    /// A new in-process instance; its relative image paths resolve next to the module file.
    public func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleHostDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        try InProcessModuleInstance(of: module, environment: environment, delegate: delegate)
    }
}
