import TabModuleLoading
import TabModuleRuntime

/// Makes instances out of process, except for the modules trusted to run in this one (a layout's
/// `"isolation": "none"`), whose files the host opened itself.
public struct MixedModuleInstanceFactory: ModuleInstanceFactory {
    /// Makes the isolated instances.
    public let outOfProcess: OutOfProcessModuleInstanceFactory
    /// The modules that run in this process.
    public let inProcessModules: Set<String>
    private let inProcess = InProcessModuleInstanceFactory()

    /// A factory that runs `inProcessModules` here and everything else through `outOfProcess`.
    public init(outOfProcess: OutOfProcessModuleInstanceFactory, inProcessModules: Set<String>) {
        self.outOfProcess = outOfProcess
        self.inProcessModules = inProcessModules
        outOfProcess.noteUnconfined(inProcessModules)
    }

    /// A new instance: in process for a trusted module the host opened itself, else in its child.
    public func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        // A trusted module that only a scanner opened still runs isolated rather than not at all.
        if inProcessModules.contains(module.name) && module.isOpenInProcess {
            return try inProcess.makeInstance(of: module, environment: environment, delegate: delegate)
        }
        return try outOfProcess.makeInstance(of: module, environment: environment, delegate: delegate)
    }

    /// Waits for the isolated instances (`OutOfProcessModuleInstanceFactory.settle(until:)`); the others
    /// answer every call before it returns.
    @discardableResult
    public func settle(until deadline: ContinuousClock.Instant) -> Bool { outOfProcess.settle(until: deadline) }

    /// The isolated instances' (`OutOfProcessModuleInstanceFactory.hasPostedCalls`).
    public var hasPostedCalls: Bool { outOfProcess.hasPostedCalls }

    /// What the module was granted (`OutOfProcessModuleInstanceFactory.readableDirectories(of:dataDirectory:)`),
    /// wherever it runs: images follow the same rule in process.
    public func readableDirectories(of info: ModuleInfo, dataDirectory: ModuleDataDirectory?) -> [String] {
        outOfProcess.readableDirectories(of: info, dataDirectory: dataDirectory)
    }
}
