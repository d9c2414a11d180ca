/// One write of the state file that waits for the modules' answers without holding up the loop:
/// `write` runs once, when every `save_state` asked of them was answered or at the limit, whichever
/// comes first.
final class StateSaveRound {
    private var waiting: Int
    private var write: (() -> Void)?

    /// True once the write ran.
    var isFinished: Bool { write == nil }

    /// A round waiting for `answers` answers before it runs `write`.
    init(answers: Int, write: @escaping () -> Void) {
        waiting = answers
        self.write = write
    }

    /// One module answered.
    func answered() {
        waiting -= 1
        if waiting <= 0 { finish() }
    }

    /// Runs the write now, unless it ran already (the last answer, or the limit, came first).
    func finish() {
        guard let write else { return }
        self.write = nil
        write()
    }
}
