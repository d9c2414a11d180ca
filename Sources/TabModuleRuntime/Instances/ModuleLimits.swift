import CTabModule
import _CIsolation

/// The limits on what a module hands the host (docs/user/limits.md). Past one, the host
/// keeps what fits and says so in one line; it never grows without bound on a module's word.
public enum ModuleLimits {
    /// Nodes one render may produce; the rest is dropped behind one line saying so.
    public static let maximumViewNodes = Int(TABHOST_WIRE_MAX_VIEW_NODES)
    /// Bytes of one string in a view node (a row's title, a text, an action id…); longer ones are cut.
    public static let maximumViewStringBytes = 16 * 1024
    /// Bytes of a title given to `set_title`; longer ones are cut.
    public static let maximumTitleBytes = 256
    /// Bytes of a badge given to `set_badge`; longer ones are cut.
    public static let maximumBadgeBytes = 64
    /// Bytes read past a string's limit (`TABHOST_WIRE_STRING_MARGIN`): enough to see it was longer.
    public static let stringMargin = Int(TABHOST_WIRE_STRING_MARGIN)
    /// Bytes of one `log` line (and of one line of a child's output); longer ones are cut.
    public static let maximumLogLineBytes = 4096
    /// Bytes of an isolated module's standard output and error the host reads in a second; past them it
    /// stops reading until the second is over, so a module that prints without end waits on its full pipe
    /// rather than keeping the host busy reading lines the log would drop (it keeps far fewer a second).
    public static let maximumOutputBytesReadPerSecond = 256 * 1024
    /// Messages (notifications and requests) the host takes from an isolated module's connection in a
    /// second while no call of its waits; past them it stops reading the connection until the second is
    /// over, so a module whose thread calls `schedule_tick`, `set_timer` or `save_soon` without end waits
    /// on its full socket rather than keeping the host busy. Far above what a module's frames, ticks
    /// (`maximumTicksPerSecond`) and log lines need.
    public static let maximumMessagesReadPerSecond = 10_000
    /// Log lines a module's other threads may have waiting for the main loop (in process); more are
    /// dropped and counted in one line.
    public static let maximumQueuedLogLines = 1000
    /// Ticks (`schedule_tick`) one instance may have waiting; more are dropped and counted in one line.
    public static let maximumPendingTicks = 256
    /// Ticks one instance may ask for in a second; more are dropped and counted in one line. A flood of
    /// them from a module's thread keeps the main loop busy with that module alone.
    public static let maximumTicksPerSecond = 1000
    /// Ticks and timer firings delivered to one module (all its instances together) in a second; more
    /// are skipped (a timer goes on at its next period) and counted in one line.
    public static let maximumTimedEventsPerSecond = 1000
    /// Timers one module may have set at once, all its instances together (each has at most
    /// `maximumTimers`); `set_timer` of a new id past it is ignored with one log line.
    public static let maximumTimersPerModule = 1024
    /// `push`, `present` and `add_tab` calls in progress within one another (a module whose `start`
    /// pushes itself); a deeper one is refused (returns 0) with one log line.
    public static let maximumScreenCallDepth = 16
    /// Bytes of the notifications (`set_title`, `set_badge`, `finish`, `alert`, …) a child may have
    /// waiting during one of its module's calls; past them, the rest of that call's are dropped (one line).
    public static let maximumPendingNotificationBytes = 1 << 20
    /// Bytes of one render's strings (titles, texts, labels, cells…); past them the rest of the view
    /// is cut, behind a last line saying so. A child sends at most `TABHOST_WIRE_MAX_VIEW_BYTES` (a
    /// MiB more, for the encoding), so a render reply never costs the host more than that.
    public static let maximumViewBytes = 4 << 20
    /// Runs of one `spans` paragraph (ABI 1.3); more are dropped.
    public static let maximumSpans = Int(TABHOST_WIRE_MAX_SPANS)
    /// Rows of a lazy list drawn when no front end asked for a window yet (from row 0).
    public static let defaultListWindowRows = Int(TABHOST_WIRE_LIST_WINDOW_ROWS)
    /// Rows of one lazy list drawn in one render at most, whatever window was asked for.
    public static let maximumListWindowRows = Int(TABHOST_WIRE_MAX_LIST_WINDOW)
    /// Buttons of one title bar (`bar_button`, ABI 1.3); more are dropped.
    public static let maximumBarButtons = 8
    /// Shortcuts of one screen (`shortcut`, ABI 1.3); more are dropped.
    public static let maximumShortcuts = 32
    /// Bytes of one module's saved state (`save_state`); a larger state is not saved.
    public static let maximumStateBytes = Int(TABHOST_WIRE_MAX_STATE)

    // ABI 1.2: the header's limits (`TAB_MAX_*`), read from tab_module.h.

    /// `TAB_MAX_ID_BYTES`: bytes of an id given to text_field, toggle, alert, set_timer, cancel_timer.
    public static let maximumIDBytes = Int(TAB_MAX_ID_BYTES)
    /// `TAB_MAX_FIELD_BYTES`: bytes of a text field's value; longer values are cut.
    public static let maximumFieldBytes = Int(TAB_MAX_FIELD_BYTES)
    /// `TAB_MAX_COLUMNS`: columns of a table; more are dropped.
    public static let maximumColumns = Int(TAB_MAX_COLUMNS)
    /// `TAB_MAX_ROW_ACTIONS`: `row_action`s on one row or table row; more are dropped.
    public static let maximumRowActions = Int(TAB_MAX_ROW_ACTIONS)
    /// `TAB_MAX_ALERT_BUTTONS`: buttons of one alert; more are dropped.
    public static let maximumAlertButtons = Int(TAB_MAX_ALERT_BUTTONS)
    /// `TAB_MAX_TIMERS`: timers one instance may have set at once.
    public static let maximumTimers = Int(TAB_MAX_TIMERS)
    /// `TAB_MIN_TIMER_REPEAT_MS`: the shortest repeat period of a timer.
    public static let minimumTimerRepeatMilliseconds = Int(TAB_MIN_TIMER_REPEAT_MS)
    /// `TAB_MAX_RESULT_BYTES`: bytes of the result given to `finish`; a longer one is cut.
    public static let maximumResultBytes = Int(TAB_MAX_RESULT_BYTES)
    /// `TAB_MAX_PERMISSIONS_BYTES`: bytes of the descriptor's `permissions`; longer refuses the module.
    public static let maximumPermissionsBytes = Int(TAB_MAX_PERMISSIONS_BYTES)

    /// Why `id` (given to `call`) is not a valid id (NULL, empty or longer than `maximumIDBytes`);
    /// nil when it is. The caller ignores the call with this line in the log.
    package static func idProblem(_ id: String?, call: String) -> String? {
        guard let id else { return "\(call) with a NULL id ignored; give it a non-empty id" }
        if id.isEmpty { return "\(call) with an empty id ignored; give it a non-empty id" }
        if id.utf8.count > maximumIDBytes {
            return "\(call) with an id of \(id.utf8.count) bytes ignored; ids are at most \(maximumIDBytes) bytes"
        }
        return nil
    }

    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, ending in "…" when cut.
    package static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = ""
        var used = 3  // "…" is three bytes
        for character in text {
            let size = character.utf8.count
            guard used + size <= limit else { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }

    /// The rows of a lazy list of `count` rows drawn when `requested` was asked for (nil: none yet):
    /// within the list and at most `maximumListWindowRows` of them. The child computes the same.
    package static func listWindow(_ requested: Range<Int>?, count: Int) -> Range<Int> {
        let asked = requested ?? 0..<defaultListWindowRows
        let start = min(max(asked.lowerBound, 0), count)
        let end = min(max(asked.upperBound, start), count, start + maximumListWindowRows)
        return start..<end
    }

    /// The last line of a view cut at `maximumViewBytes`.
    package static let viewBytesCut = "… cut: the view exceeded \(maximumViewBytes) bytes"

    /// The line for log lines a module's threads sent faster than the main loop took them.
    package static func queuedLogDrop(_ count: Int) -> String {
        "\(count) log lines from other threads dropped (more than \(maximumQueuedLogLines) were waiting for the main loop)"
    }

    /// The line for ticks and timer firings skipped over `maximumTimedEventsPerSecond`.
    static func timedEventsSkipped(_ count: Int) -> String {
        "\(count) ticks and timer firings skipped (more than \(maximumTimedEventsPerSecond) a second for this module's tabs together)"
    }

    /// The line for ticks dropped over `maximumPendingTicks` or `maximumTicksPerSecond`.
    package static func tickDrop(_ count: Int) -> String {
        "\(count) schedule_tick calls dropped (more than \(maximumPendingTicks) waiting or \(maximumTicksPerSecond) in a second)"
    }

    /// The log line for a state over the limit.
    package static func stateRefusal(_ size: UInt) -> String {
        "save_state asked for \(size) bytes, more than the limit of \(maximumStateBytes); the state is not saved (keep it smaller)"
    }
}
