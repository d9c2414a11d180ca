/// Choices that change how a screen is drawn.
public struct RenderOptions: Sendable, Hashable {
    /// False draws no colours (NO_COLOR); bold, dim, underline and reverse are still used.
    public var useColor: Bool

    /// Creates options.
    public init(useColor: Bool = true) {
        self.useColor = useColor
    }

    /// Options from the environment: colours unless NO_COLOR is set to a non-empty value (no-color.org).
    public static func fromEnvironment(_ environment: [String: String]) -> RenderOptions {
        RenderOptions(useColor: (environment["NO_COLOR"] ?? "").isEmpty)
    }
}
