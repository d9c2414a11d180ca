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
                timer, afterMilliseconds: after, repeatMilliseconds: period, instance: id, ticks: environment.ticks, log: log)
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
