import ArgumentParser
import TabModuleIsolation

extension ModuleIsolation: ExpressibleByArgument {}
