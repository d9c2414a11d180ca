/// One answer of `ScriptDriver`, a JSON line: what failed (nothing when the step passed), and what the
/// settled session shows after it. `ModuleTester` decodes the same keys.
struct DriverReply: Codable, Sendable {
    /// The failure's lines (the first says what failed); empty when the step passed.
    var failure: [String] = []
    /// Why the session cannot be tested under this kernel's sandbox (`# SKIP`); only in the first reply.
    var skip: String?
    /// The whole screen as text.
    var screen = ""
    /// The title bar's title.
    var title = ""
    /// The focused item's label; nil when nothing is focused.
    var focus: String?
    /// What the last finished screen returned; nil when none finished.
    var result: String?
    /// The module's log lines.
    var log: [String] = []
    /// The content area as `snapshot` writes it (`ContentSnapshot`).
    var snapshot = ""
    /// What `snapshot NAME` with `--update` wrote, and other notes.
    var notes: [String] = []
}
