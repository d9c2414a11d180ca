import TabModuleLoading

/// Makes module instances for a `ModuleRuntime`: in this process (`InProcessModuleInstanceFactory`),
/// or elsewhere, as long as the result behaves as a `ModuleInstance`.
public protocol ModuleInstanceFactory {
    /// A new instance of `module` whose `create` ran (not started: the controller or the reloader
    /// starts it), whose host calls go to `delegate`.
    ///
    /// Throws `ModuleError` with code `createFailed` when the module's `create` failed.
    func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance
}
