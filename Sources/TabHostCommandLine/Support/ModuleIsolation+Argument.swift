import ArgumentParser
import TabModules

extension ModuleIsolation: ExpressibleByArgument {}
