import TabHostConcurrency

/// Every module call's duration in one host, per module and call kind (`ModuleCallTimings`), for
/// `tabhost inspect NAME --timings`; and the last render over `slowRender`, for `tabhost dev`'s status
/// line. In-process instances record around each call; isolated ones from the request to its reply.
/// Any thread may record (a lock; one record is a few additions).
public final class ModuleCallRecorder: Sendable {
    /// A render slower than this is one `tabhost dev` mentions (a frame at 60 Hz).
    public static let slowRender: Duration = .milliseconds(16)

    /// A render over `slowRender`.
    public struct SlowRender: Sendable, Hashable {
        /// The module rendering.
        public var module: String
        /// How long it took.
        public var duration: Duration
        /// When it ended.
        public var at: ContinuousClock.Instant
    }

    private struct State {
        var modules: [String: [ModuleCallKind: ModuleCallTimings]] = [:]
        /// Counts records: a publisher writes only after a change.
        var generation: UInt64 = 0
        var lastSlowRender: SlowRender?
    }

    private let state = LockedValue(State())

    /// An empty recorder.
    public init() {}

    /// Adds one call of `kind` on module `module` that took `duration`.
    public func record(_ kind: ModuleCallKind, module: String, duration: Duration, now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            state.modules[module, default: [:]][kind, default: ModuleCallTimings()].record(duration)
            state.generation &+= 1
            if kind == .render && duration > Self.slowRender {
                state.lastSlowRender = SlowRender(module: module, duration: duration, at: now)
            }
        }
    }

    /// Changes with every record.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// The last render over `slowRender`, if any.
    public var lastSlowRender: SlowRender? { state.withLock { $0.lastSlowRender } }

    /// The timings of `module` by call kind (empty when it made no call).
    public func timings(of module: String) -> [ModuleCallKind: ModuleCallTimings] {
        state.withLock { $0.modules[module] ?? [:] }
    }

    /// Every module's timings, keyed by module name then by call kind's name (`save_state`): what the
    /// status file holds.
    public var published: [String: [String: ModuleCallTimings]] {
        state.withLock { state in
            state.modules.mapValues { calls in
                Dictionary(uniqueKeysWithValues: calls.map { ($0.key.rawValue, $0.value) })
            }
        }
    }
}
