/// One thing hot reload did, as a line for the status bar and the log.
public struct HotReloadReport: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// A new version replaced the running one.
        public static let reloaded = Kind(rawValue: "reloaded")
        /// A new version replaced the running one but refused its state (`restore_state` returned
        /// 0): it started fresh, and the refused state was kept on disk (see `RefusedStateStore`).
        public static let reloadedFresh = Kind(rawValue: "reloaded fresh")
        /// A new module arrived.
        public static let added = Kind(rawValue: "added")
        /// A module's file was deleted (and did not come back within `HotReloader.removalGrace`).
        public static let removed = Kind(rawValue: "removed")
        /// A module's file was deleted: its tabs stay for `HotReloader.removalGrace`, waiting for it.
        public static let departing = Kind(rawValue: "departing")
        /// A deleted module file came back unchanged within the grace: its tabs stay as they were.
        public static let returned = Kind(rawValue: "returned")
        /// A file was refused; any old version keeps running.
        public static let refused = Kind(rawValue: "refused")
        /// The kind's name.
        public var description: String { rawValue }
    }

    /// What happened.
    public var kind: Kind
    /// The module concerned, when known.
    public var module: String?
    /// The file concerned.
    public var file: String
    /// One line for the user: "reloaded clock v2", or the reason and what to do.
    public var message: String

    /// Creates a report.
    public init(_ kind: Kind, module: String?, file: String, message: String) {
        self.kind = kind
        self.module = module
        self.file = file
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
