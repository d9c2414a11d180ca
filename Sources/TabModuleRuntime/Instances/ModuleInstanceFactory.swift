import TabModuleLoading

/// Makes module instances for a `ModuleRuntime`: in this process (`InProcessModuleInstanceFactory`),
/// or elsewhere, as long as the result behaves as a `ModuleInstance`.
public protocol ModuleInstanceFactory {
    /// A new instance of `module` whose `create` ran, or is on its way to its process when
    /// `environment.waitsForAnswers` is false (not started: the controller or the reloader starts it),
    /// whose host calls go to `delegate`.
    ///
    /// Throws `ModuleError` with code `createFailed` when the module's `create` failed before it
    /// returned; a `create` it did not wait for that fails shows on the instance's screen instead.
    func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance

    /// Waits until every instance it made has answered what it was asked (nothing posted to a module
    /// is still on its way), or until `deadline`; true when everything settled. For tests and for
    /// commands that run no loop.
    @discardableResult
    func settle(until deadline: ContinuousClock.Instant) -> Bool

    /// True while an instance it made has not answered what it was posted (its reply or its pushed
    /// view on its way).
    var hasPostedCalls: Bool { get }

    /// The directories the module `info` describes may read itself (its own directory, its data
    /// directory under `dataDirectory`, what it was granted): the images it may show
    /// (`ModuleImageConfinement`).
    func readableDirectories(of info: ModuleInfo, dataDirectory: ModuleDataDirectory?) -> [String]
}

extension ModuleInstanceFactory {
    /// An in-process module answers every call before it returns: always settled.
    public func settle(until deadline: ContinuousClock.Instant) -> Bool { true }

    /// Never, for the same reason.
    public var hasPostedCalls: Bool { false }

    /// Its own directory and data directory: a factory without grants knows no more.
    public func readableDirectories(of info: ModuleInfo, dataDirectory: ModuleDataDirectory?) -> [String] {
        ModuleImageConfinement.ownDirectories(of: info, dataDirectory: dataDirectory)
    }
}
