import Logging

extension ModuleLogLevel {
    /// The swift-log level a module's `log` call is logged at (the four levels map one to one).
    var loggerLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
