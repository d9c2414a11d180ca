/// What a running host publishes about itself in its status file, for `tabhost inspect` in
/// another terminal: its process id, the module files it refused (the old versions keep running)
/// and the modules whose processes are stopped or not responding.
///
/// JSON: `{"pid": 1234, "refused": [{"module": "clock", "file": "/mods/clock.so", "reason": "…"}],
/// "modules": [{"module": "clock", "state": "stopped", "reason": "Clock stopped: SIGSEGV in event \"segv\"", "crashes": 1}]}`
/// (`module` is null when the file never provided one), and `"denied": [{"module": "clock", "permissions":
/// ["exec"]}]`, and `"reloads": [ModuleReloadOutcome, …]` (the last new version of each module file and
/// what became of it), and `"timings": {"clock": {"render": ModuleCallTimings, …}}` (each module's call
/// durations by call kind). `modules`, `denied`, `reloads` and `timings` came later: a host that predates
/// them leaves them out, and they read as nil.
package struct HotReloadStatus: Codable, Sendable, Hashable {
    /// One refused file.
    public struct Refusal: Codable, Sendable, Hashable {
        /// The module whose old version keeps running; nil when the file never provided one.
        public var module: String?
        /// The refused file (absolute).
        public var file: String
        /// The one-line reason, as the host showed it.
        public var reason: String

        /// Creates a refusal.
        public init(module: String?, file: String, reason: String) {
            self.module = module
            self.file = file
            self.reason = reason
        }

        // `module` is written as null rather than left out, so readers see every key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(module, forKey: .module)
            try container.encode(file, forKey: .file)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// The host's process id.
    public var pid: Int32
    /// The refused files, sorted by path.
    public var refused: [Refusal]
    /// The modules whose processes are stopped or not responding, sorted by name (nil from an
    /// older host, which did not say).
    public var modules: [ModuleProcessState]?
    /// The permissions the sandbox refused each module, sorted by name (nil from a host that predates
    /// it; a reader that predates it ignores the key).
    public var denied: [ModuleDeniedPermissions]?
    /// The last reload of each module file, sorted by file (nil from a host that predates it).
    public var reloads: [ModuleReloadOutcome]?
    /// Each module's call durations, by module name then call kind (`render`, `save_state`); nil from a
    /// host that predates them.
    public var timings: [String: [String: ModuleCallTimings]]?

    /// Creates a status.
    public init(
        pid: Int32, refused: [Refusal], modules: [ModuleProcessState]? = [], denied: [ModuleDeniedPermissions]? = [],
        reloads: [ModuleReloadOutcome]? = [], timings: [String: [String: ModuleCallTimings]]? = nil
    ) {
        self.pid = pid
        self.refused = refused
        self.modules = modules
        self.denied = denied
        self.reloads = reloads
        self.timings = timings
    }
}
