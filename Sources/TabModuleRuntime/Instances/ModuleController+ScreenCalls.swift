import TabModuleLoading

extension ModuleController {
    /// Counts one more `push`, `present` or `add_tab` in progress; false, after one log line, when
    /// `ModuleLimits.maximumScreenCallDepth` are in progress already: a module whose `start` pushes or
    /// presents itself would otherwise recurse until the host's stack is gone. Pair with `leaveScreenCall`.
    /// Refused too, with one log line: a module name longer than any, a `tab` name past
    /// `TAB_MAX_ID_BYTES`, a `param` past `TAB_MAX_FIELD_BYTES`.
    func enterScreenCall(_ call: String, _ module: String, param: String?, tab: String? = nil) -> Bool {
        // What a module names is kept (in a tab, a stack, the state file): a name or param of megabytes,
        // called again and again, grew the host by hundreds of megabytes and the state file past its limit.
        let shown = ModuleLimits.cut(module, to: ModuleNameRules.maxNameBytes)
        let problem: String? =
            if module.utf8.count > ModuleNameRules.maxNameBytes {
                "a module name of \(module.utf8.count) bytes is longer than any (\(ModuleNameRules.maxNameBytes) at most)"
            } else if let tab, tab.utf8.count > ModuleLimits.maximumIDBytes {
                "a tab name of \(tab.utf8.count) bytes is longer than the limit of \(ModuleLimits.maximumIDBytes) bytes"
            } else if let param, param.utf8.count > ModuleLimits.maximumFieldBytes {
                "a param of \(param.utf8.count) bytes is longer than the limit of \(ModuleLimits.maximumFieldBytes) bytes "
                    + "(pass an id, and keep the data in the module's data_dir)"
            } else {
                nil
            }
        if let problem {
            moduleLog(level: .warning, message: "\(call) \(shown) refused: \(problem)")
            return false
        }
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
