import ArgumentParser
import TabModuleIsolation

extension SandboxMode: ExpressibleByArgument {}
