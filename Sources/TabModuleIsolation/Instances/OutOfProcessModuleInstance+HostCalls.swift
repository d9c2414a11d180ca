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
            if let problem = ModuleLimits.idProblem(timer, call: "set_timer") { return log(problem) }
            guard let timer else { return }
            if !environment.ticks.setTimer(id, id: timer, afterMilliseconds: after, repeatMilliseconds: period) {
                log("set_timer \(timer) ignored: \(ModuleLimits.maximumTimers) timers are set already; cancel one first")
            }
        case .cancelTimer:
            let timer = try reader.optionalString()
            guard isAlive else { return }
            if let problem = ModuleLimits.idProblem(timer, call: "cancel_timer") { return log(problem) }
            guard let timer else { return }
            environment.ticks.cancelTimer(id, id: timer)
        case .saveSoon:
            delegate?.moduleSaveSoon()
        case .finish:
            var result = try reader.optionalString()
            if let text = result, text.utf8.count > ModuleLimits.maximumResultBytes {
                log("finish result of \(text.utf8.count) bytes cut to the limit of \(ModuleLimits.maximumResultBytes) bytes")
                result = ModuleLimits.cut(text, to: ModuleLimits.maximumResultBytes)
            }
            delegate?.moduleFinish(result: result)
        case .alert:
            let alertID = try reader.optionalString()
            let title = try reader.optionalString()
            let message = try reader.optionalString()
            let declared = Int(clamping: try reader.u64())
            let sent = try reader.u32()
            guard sent <= ModuleLimits.maximumAlertButtons + 1, Int(sent) <= declared else { throw WireReader.Malformed() }
            var buttons: [String?] = []
            for _ in 0..<sent { buttons.append(try reader.optionalString()) }
            if let problem = ModuleLimits.idProblem(alertID, call: "alert") { return log(problem) }
            if declared > ModuleLimits.maximumAlertButtons {
                log("alert with \(declared) buttons: those past \(ModuleLimits.maximumAlertButtons) are dropped")
            }
            let cut = { (text: String) in ModuleLimits.cut(text, to: ModuleLimits.maximumViewStringBytes) }
            let alert = ScreenAlert(
                id: alertID ?? "", title: cut(title ?? ""), message: message.map(cut),
                buttons: buttons.prefix(ModuleLimits.maximumAlertButtons).compactMap { $0.map(cut) })
            delegate?.moduleAlert(alert)
        default:
            break
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
            return try directory.make(forModule: moduleName)
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
