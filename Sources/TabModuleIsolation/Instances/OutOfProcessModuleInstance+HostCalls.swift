import TabKit
import TabModuleRuntime

/// ABI 1.2's host calls from the child (`set_timer`, `cancel_timer`, `save_soon`, `finish`, `alert`,
/// `data_dir`), applied with the limits and log lines of the in-process path.
extension OutOfProcessModuleInstance {
    /// One of the 1.2 notifications (the instance id already read).
    func applyHostCall(_ type: WireMessage, _ reader: inout WireReader) throws(WireReader.Malformed) {
        switch type {
        case .setTimer:
            let timer = try reader.optionalString()
            let after = try reader.u32()
            let period = try reader.u32()
            guard isAlive else { return }
            ModuleHostCalls.setTimer(
                timer, afterMilliseconds: after, repeatMilliseconds: period, instance: id, module: module.name,
                ticks: environment.ticks, log: log)
        case .cancelTimer:
            let timer = try reader.optionalString()
            guard isAlive else { return }
            ModuleHostCalls.cancelTimer(timer, instance: id, ticks: environment.ticks, log: log)
        case .saveSoon:
            connection?.checkDataDirectory(afterSave: true)
            delegate?.moduleSaveSoon()
        case .finish:
            delegate?.moduleFinish(result: ModuleHostCalls.finishResult(try reader.optionalString(), log: log))
        case .alert:
            let alertID = try reader.optionalString()
            let title = try reader.optionalString()
            let message = try reader.optionalString()
            let declared = Int(clamping: try reader.u64())
            let sent = try reader.u32()
            guard sent <= ModuleLimits.maximumAlertButtons + 1, Int(sent) <= declared else { throw WireReader.Malformed() }
            var buttons: [String?] = []
            for _ in 0..<sent { buttons.append(try reader.optionalString()) }
            let alert = ModuleHostCalls.alert(id: alertID, title: title, message: message, labels: buttons, declared: declared, log: log)
            if let alert { delegate?.moduleAlert(alert) }
        case .focus:
            guard let focus = try reader.optionalString(), !focus.isEmpty else { return log("focus with a NULL or empty id ignored") }
            delegate?.moduleFocus(id: focus)
        case .scrollTo:
            let target = try reader.optionalString()
            let index = Int(clamping: try reader.u64())
            guard let target, !target.isEmpty else { return log("scroll_to with a NULL or empty id ignored") }
            delegate?.moduleScroll(to: target, index: index)
        case .copyText:
            delegate?.moduleCopyText(try reader.optionalString() ?? "")
        case .toast:
            guard let text = try reader.optionalString() else { return }
            delegate?.moduleToast(text, style: ViewStyle(rawValue: try reader.u32() & ViewStyle.moduleBits))
        default:
            break
        }
    }

    /// One of the 1.3 requests (the instance id already read): its answer into `reply`.
    func serveHostCall(_ type: WireMessage, _ reader: inout WireReader, into reply: inout WireWriter) throws(WireReader.Malformed) {
        switch type {
        case .pushForResult:
            let module = try reader.string()
            let param = try reader.optionalString()
            let target = ModulePushTarget(rawValue: try reader.i32()) ?? .ownStack
            let tag = try reader.optionalString()
            reply.i32(delegate?.modulePush(module: module, param: param, target: target, tag: tag) == true ? 1 : 0)
        case .presentForResult:
            let module = try reader.string()
            let param = try reader.optionalString()
            let tag = try reader.optionalString()
            let flags = try reader.u32()
            let guarded = flags & 1 != 0  // TAB_PRESENT_CONFIRM_DISMISS
            reply.i32(delegate?.modulePresent(module: module, param: param, tag: tag, confirmDismiss: guarded) == true ? 1 : 0)
        default:
            reply.u64(environment.ticks.nowMilliseconds)
        }
    }

    /// `data_dir`'s answer: the module's own directory, made (0700) here, since the child may not be
    /// allowed to; nil, after one log line, when it cannot be made.
    func dataDirectory() -> String? {
        guard !dataDirFailed else { return nil }
        guard let directory = environment.dataDirectory else {
            dataDirFailed = true
            log("data_dir: neither XDG_DATA_HOME nor HOME is set, so there is no data directory; set HOME")
            return nil
        }
        do {
            return try directory.make(forModule: moduleName, file: module.info.sourcePath)
        } catch {
            dataDirFailed = true
            log(error.description)
            return nil
        }
    }

    private func log(_ message: String) {
        delegate?.moduleLog(level: .warning, message: message)
    }
}
