import TabKit

/// ABI 1.2's host calls with their limits and log lines, in one place for both paths: the in-process
/// `tab_host_api` and the calls an isolated module's child forwards. Each takes what the module passed
/// and `log`, which receives one line per problem.
package enum ModuleHostCalls {
    /// `finish`'s result, cut to `ModuleLimits.maximumResultBytes`.
    package static func finishResult(_ result: String?, log: (String) -> Void) -> String? {
        guard let text = result, text.utf8.count > ModuleLimits.maximumResultBytes else { return result }
        log("finish result of \(text.utf8.count) bytes cut to the limit of \(ModuleLimits.maximumResultBytes) bytes")
        return ModuleLimits.cut(text, to: ModuleLimits.maximumResultBytes)
    }

    /// The alert `alert` raises, or nil when its id is refused. `labels` are the first buttons the module
    /// passed (at most one past the limit), `declared` how many it said it passed.
    package static func alert(
        id: String?, title: String?, message: String?, labels: [String?], declared: Int, log: (String) -> Void
    ) -> ScreenAlert? {
        if let problem = ModuleLimits.idProblem(id, call: "alert") {
            log(problem)
            return nil
        }
        if declared > ModuleLimits.maximumAlertButtons {
            log("alert with \(declared) buttons: those past \(ModuleLimits.maximumAlertButtons) are dropped")
        }
        func cut(_ text: String) -> String { ModuleLimits.cut(text, to: ModuleLimits.maximumViewStringBytes) }
        return ScreenAlert(
            id: id ?? "", title: cut(title ?? ""), message: message.map(cut),
            buttons: labels.prefix(ModuleLimits.maximumAlertButtons).compactMap { $0.map(cut) })
    }

    /// `set_timer` on `ticks` for `instance`.
    package static func setTimer(
        _ id: String?, afterMilliseconds: UInt32, repeatMilliseconds: UInt32, instance: UInt64, module: String,
        ticks: TickScheduler, log: (String) -> Void
    ) {
        if let problem = ModuleLimits.idProblem(id, call: "set_timer") { return log(problem) }
        guard let id else { return }
        if let refusal = ticks.setTimerOrRefuse(
            instance, module: module, id: id, afterMilliseconds: afterMilliseconds, repeatMilliseconds: repeatMilliseconds)
        {
            log("set_timer \(id) ignored: \(refusal)")
        }
    }

    /// `cancel_timer` on `ticks` for `instance`.
    package static func cancelTimer(_ id: String?, instance: UInt64, ticks: TickScheduler, log: (String) -> Void) {
        if let problem = ModuleLimits.idProblem(id, call: "cancel_timer") { return log(problem) }
        guard let id else { return }
        ticks.cancelTimer(instance, id: id)
    }
}
