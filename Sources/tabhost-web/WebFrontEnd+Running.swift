import TabHostCommandLine
import TabHostWeb

/// `WebFrontEnd` already has `address` and `stop()`.
extension WebFrontEnd: RunningWebFrontEnd {}
