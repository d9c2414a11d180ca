extension ModuleController {
    /// `text` within `limit` bytes; a cut is one warning line in the log, naming the call.
    func limited(_ text: String, _ call: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        moduleLog(
            level: .warning, message: "\(call) of \(text.utf8.count) bytes cut to the limit of \(limit) bytes; pass a shorter text")
        return ModuleLimits.cut(text, to: limit)
    }
}
