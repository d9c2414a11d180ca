/// What a step of a `.tabtest` script does (the script format of `tabhost test`).
public enum TestStepAction: Sendable, Hashable {
    /// `size COLSxROWS`: the screen's size from now on.
    case size(columns: Int, rows: Int)
    /// `press KEY…`: each key as the terminal sends it.
    case press([TestKey])
    /// `type "TEXT"`: the text as typed into the focused field.
    case type(String)
    /// `click "LABEL"`: activates the row, button, toggle or row action with that title.
    case click(String)
    /// `wait DURATION`: advances the test clock.
    case wait(Duration)
    /// `reload`: a hot reload of the same module file, state kept.
    case reload
    /// `restart`: the module's instance made again from scratch (its state not kept).
    case restart
    /// `expect "TEXT"`: the screen holds TEXT.
    case expectText(String)
    /// `expect not "TEXT"`: the screen does not hold TEXT.
    case expectNoText(String)
    /// `expect focus "LABEL"`: the focused item has that label.
    case expectFocus(String)
    /// `expect result "TEXT"`: what the last finished screen returned.
    case expectResult(String)
    /// `expect title "TEXT"`: the title bar's title.
    case expectTitle(String)
    /// `expect log "TEXT"`: one of the module's log lines holds TEXT.
    case expectLog(String)
    /// `expect clipboard "TEXT"`: the last text a module put on the clipboard (`copy_text`, ABI 1.3).
    case expectClipboard(String)
    /// `expect toast "TEXT"`: the last toast a module showed (`toast`, ABI 1.3).
    case expectToast(String)
    /// `snapshot NAME`: the content area against `tests/__snapshots__/NAME.txt`.
    case snapshot(String)
}
