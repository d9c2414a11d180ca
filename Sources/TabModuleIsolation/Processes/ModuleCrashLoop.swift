/// Why a module is not started again: the crash that made it the `crashes`th within `window`.
public struct ModuleCrashLoop: Sendable, Hashable, CustomStringConvertible {
    /// The crash that tripped the rule.
    public let failure: ModuleHostFailure
    /// How many crashes there were within the window.
    public let crashes: Int
    /// The window.
    public let window: Duration

    /// "3 crashes within 60 s; not restarted until you choose Restart".
    public var description: String {
        "\(crashes) crashes within \(ModuleHostExit.seconds(window)); not restarted until you choose Restart"
    }
}
