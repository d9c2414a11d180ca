import _CIsolation

/// A message type of the protocol between the host and `tabhost-module-host`
/// (`enum tabhost_wire_type` in `tabhost_isolation.h`, where each payload is spelled out).
package struct WireMessage: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt16

    package init(rawValue: UInt16) { self.rawValue = rawValue }

    private init(_ value: tabhost_wire_type) { rawValue = UInt16(value.rawValue) }

    package static let hello = WireMessage(TABHOST_WIRE_HELLO)
    static let load = WireMessage(TABHOST_WIRE_LOAD)
    package static let scan = WireMessage(TABHOST_WIRE_SCAN)
    package static let scanPhase = WireMessage(TABHOST_WIRE_SCAN_PHASE)
    package static let scanEnded = WireMessage(TABHOST_WIRE_SCAN_ENDED)
    static let sandboxAhead = WireMessage(TABHOST_WIRE_SANDBOX_AHEAD)
    static let create = WireMessage(TABHOST_WIRE_CREATE)
    static let start = WireMessage(TABHOST_WIRE_START)
    package static let render = WireMessage(TABHOST_WIRE_RENDER)
    static let event = WireMessage(TABHOST_WIRE_EVENT)
    static let appearance = WireMessage(TABHOST_WIRE_APPEARANCE)
    static let saveState = WireMessage(TABHOST_WIRE_SAVE_STATE)
    static let restoreState = WireMessage(TABHOST_WIRE_RESTORE_STATE)
    static let destroy = WireMessage(TABHOST_WIRE_DESTROY)
    static let setTitle = WireMessage(TABHOST_WIRE_SET_TITLE)
    static let setBadge = WireMessage(TABHOST_WIRE_SET_BADGE)
    static let invalidate = WireMessage(TABHOST_WIRE_INVALIDATE)
    static let pop = WireMessage(TABHOST_WIRE_POP)
    static let dismiss = WireMessage(TABHOST_WIRE_DISMISS)
    static let log = WireMessage(TABHOST_WIRE_LOG)
    static let scheduleTick = WireMessage(TABHOST_WIRE_SCHEDULE_TICK)
    static let setTimer = WireMessage(TABHOST_WIRE_SET_TIMER)
    static let cancelTimer = WireMessage(TABHOST_WIRE_CANCEL_TIMER)
    static let saveSoon = WireMessage(TABHOST_WIRE_SAVE_SOON)
    static let finish = WireMessage(TABHOST_WIRE_FINISH)
    static let alert = WireMessage(TABHOST_WIRE_ALERT)
    static let sandboxDenied = WireMessage(TABHOST_WIRE_SANDBOX_DENIED)
    static let memoryCeiling = WireMessage(TABHOST_WIRE_MEMORY_CEILING)
    static let push = WireMessage(TABHOST_WIRE_PUSH)
    static let present = WireMessage(TABHOST_WIRE_PRESENT)
    static let addTab = WireMessage(TABHOST_WIRE_ADD_TAB)
    static let tabCount = WireMessage(TABHOST_WIRE_TAB_COUNT)
    static let tabItem = WireMessage(TABHOST_WIRE_TAB_ITEM)
    static let dataDir = WireMessage(TABHOST_WIRE_DATA_DIR)
    static let frame = WireMessage(TABHOST_WIRE_FRAME)
    static let frameAck = WireMessage(TABHOST_WIRE_FRAME_ACK)
    static let shown = WireMessage(TABHOST_WIRE_SHOWN)
    static let focus = WireMessage(TABHOST_WIRE_FOCUS)
    static let scrollTo = WireMessage(TABHOST_WIRE_SCROLL_TO)
    static let copyText = WireMessage(TABHOST_WIRE_COPY_TEXT)
    static let toast = WireMessage(TABHOST_WIRE_TOAST)
    static let pushForResult = WireMessage(TABHOST_WIRE_PUSH_FOR_RESULT)
    static let presentForResult = WireMessage(TABHOST_WIRE_PRESENT_FOR_RESULT)
    static let nowMs = WireMessage(TABHOST_WIRE_NOW_MS)

    /// The module function a host request runs (what a crash message names).
    var functionName: String {
        switch self {
        case .load: "load"
        case .create: "create"
        case .start: "start"
        case .render: "render"
        case .event: "event"
        case .appearance: "appearance"
        case .saveState: "save_state"
        case .restoreState: "restore_state"
        case .destroy: "destroy"
        default: "message \(rawValue)"
        }
    }

    /// Sent without a reply (set_title, log, schedule_tick, …).
    var isNotification: Bool { (30..<50).contains(rawValue) || self == .frame || self == .frameAck || self == .shown }

    /// A notification the host applies the moment it arrives, even while the module's call runs: it
    /// only reaches the thread-safe tick scheduler (`schedule_tick`, `set_timer`, `cancel_timer`), so
    /// it never makes the host call into the child. The others wait until that call returns.
    var appliesAtOnce: Bool { self == .scheduleTick || self == .setTimer || self == .cancelTimer }

    /// A notification about the whole child rather than one instance (what its sandbox refused, its
    /// memory ceiling): the connection applies it at once, since it never calls into the child, and one
    /// sent just before a crash must be seen before the crash is.
    var concernsTheChild: Bool { self == .sandboxDenied || self == .memoryCeiling }

    package var description: String { functionName }
}
