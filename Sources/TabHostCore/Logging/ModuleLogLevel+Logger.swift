import Logging
import TabModules

extension ModuleLogLevel {
    /// The swift-log level a module's `log` call is written at.
    var loggerLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
