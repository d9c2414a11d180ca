extension ModuleController {
    /// Counts one more `push`, `present` or `add_tab` in progress; false, after one log line, when
    /// `ModuleLimits.maximumScreenCallDepth` are in progress already: a module whose `start` pushes or
    /// presents itself would otherwise recurse until the host's stack is gone. Pair with `leaveScreenCall`.
    func enterScreenCall(_ call: String, _ module: String) -> Bool {
        guard let runtime = moduleRuntime else { return true }
        guard runtime.screenCallDepth < ModuleLimits.maximumScreenCallDepth else {
            moduleLog(
                level: .warning,
                message: "\(call) \(module) refused: \(ModuleLimits.maximumScreenCallDepth) push, present and add_tab calls are "
                    + "already in progress within one another (does start push or present a module that does the same?)")
            return false
        }
        runtime.screenCallDepth += 1
        return true
    }

    /// Ends what `enterScreenCall` counted.
    func leaveScreenCall() {
        moduleRuntime?.screenCallDepth -= 1
    }
}
