import TabModuleLoading
import TabModuleRuntime

/// Makes `FakeModuleInstance`s whatever the module file holds, logging all their calls in one list.
final class FakeModuleInstanceFactory: ModuleInstanceFactory {
    /// The calls of every instance made, in order, each prefixed with its instance's label.
    final class CallLog {
        var lines: [String] = []
    }

    let calls = CallLog()
    /// Every instance made, in order.
    private(set) var made: [FakeModuleInstance] = []
    /// Applied to each new instance before it is returned.
    var configure: (FakeModuleInstance) -> Void = { _ in }
    /// When set, `makeInstance` throws this instead (a `create` that failed).
    var failure: ModuleError?

    func makeInstance(
        of module: LoadedModule, environment: ModuleInstanceEnvironment, delegate: (any ModuleInstanceDelegate)?
    ) throws(ModuleError) -> any ModuleInstance {
        if let failure { throw failure }
        let instance = FakeModuleInstance(
            id: 1_000_000 + UInt64(made.count), moduleName: module.name, label: "#\(made.count + 1)", delegate: delegate,
            calls: calls)
        configure(instance)
        made.append(instance)
        return instance
    }
}
