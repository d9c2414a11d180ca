/// Why a module instance could not be made or moved.
public struct ModuleInstanceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An opaque error code; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The module's `create` returned NULL.
        public static let createFailed = Code(rawValue: "createFailed")
        /// The module's `restore_state` refused the saved state.
        public static let restoreFailed = Code(rawValue: "restoreFailed")
        /// No module of that name is loaded.
        public static let unknownModule = Code(rawValue: "unknownModule")
        /// The module's kind does not fit where it was asked for (a tab-bar module as a screen, say).
        public static let wrongKind = Code(rawValue: "wrongKind")
        /// A readable name for the code.
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The module's name.
    public var module: String
    /// One line: what happened and what to do.
    public var reason: String

    /// Creates an error.
    public init(code: Code, module: String, reason: String) {
        self.code = code
        self.module = module
        self.reason = reason
    }

    /// "module NAME: reason".
    public var description: String { "module \(module): \(reason)" }
}
