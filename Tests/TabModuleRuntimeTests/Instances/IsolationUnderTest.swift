import Foundation
import Logging
import TabModuleIsolation
import TabModuleRuntime

/// Which instances the module tests make: in process by default, in child processes with
/// `TABHOST_TEST_ISOLATION=process swift test` (the same assertions, across the process boundary).
enum IsolationUnderTest {
    /// True when the environment asks for out-of-process instances.
    static var isProcess: Bool { ProcessInfo.processInfo.environment["TABHOST_TEST_ISOLATION"] == "process" }

    /// The factory the module tests use.
    static func factory(logger: Logger) -> any ModuleInstanceFactory {
        isProcess
            ? OutOfProcessModuleInstanceFactory(settings: IsolationSettings(sandbox: .off), logger: logger)
            : InProcessModuleInstanceFactory()
    }
}
